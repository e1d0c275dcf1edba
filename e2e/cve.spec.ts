// CVE Services end to end (issue 12) against a local CVE Services speaking the real protocol, started here on
// 127.0.0.1 (the platform reaches it through an account with a custom base URL). A scorer adds the account in
// the CVE accounts screen (the API key never shown back), reserves two ids (0 and 1,001 refused under the
// field; more than the organisation's quota refused with CVE Services' reason) and gives one to a
// vulnerability; a coordinator previews that vulnerability's CVE JSON 5.1 record (and sees, for a
// vulnerability no vendor has spoken about, the checklist of what its record still needs — without a refused
// request or a console error), then publishes it once the advisory is published and updates it by publishing
// again.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { VendorStatusGrid } from '@cvdp/core';
import {
  startLocalCveServices,
  type LocalCveServices,
} from '../services/coordination/tools/local-cve-services/index.ts';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, csrfOf, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

const ORG = 'e2e-cna';
const USER = 'cna@e2e.test';
const KEY = 'e2e-local-cve-api-key-4711';
/** Ids the organisation may hold reserved at once: 2 fit, a third does not. */
const QUOTA = 3;

let local: LocalCveServices;
test.beforeAll(async () => {
  local = await startLocalCveServices({
    orgs: [{ shortName: ORG, roles: ['CNA'], quota: QUOTA, users: { [USER]: KEY } }],
  });
});
test.afterAll(async () => {
  await local?.close();
});

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

test('CVE accounts, reservations and a published CVE record through a local CVE Services', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const groupName = `Sprocket PSIRT ${stamp}`;
  const [scorer, coordinator, reporter] = await Promise.all([
    createAccount(servers.main.url, ['scorer'], `Sam Scorer ${stamp}`),
    createAccount(servers.main.url, ['coordinator'], `Cora Coordinator ${stamp}`),
    createAccount(servers.main.url, ['reporter']),
  ]);
  await vendorGroupWithMember(groupName, `Vic Vendor ${stamp}`);

  // ---- The scorer: CVE accounts --------------------------------------------------------------------------
  await signInThroughPage(page, scorer);
  await page.getByRole('link', { name: 'CVE accounts' }).first().click();
  await expect(page).toHaveTitle('CVE accounts · CVDP');
  await expect(page.getByRole('heading', { name: 'CVE accounts', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'No data ...' })).toBeVisible();

  await page.getByRole('button', { name: 'Add account' }).click();
  const form = page.getByRole('form', { name: 'Add CVE account' });
  await expect(form.getByLabel('Environment', { exact: true })).toHaveValue('test');
  await form.getByRole('button', { name: 'Add account' }).click();
  // Nothing typed: the fields say what they need.
  await expect(form.getByText('Ensure this field has at least 2 characters.')).toBeVisible();
  await form.getByLabel('Organisation short name').fill(ORG);
  await form.getByLabel('CVE Services user').fill(USER);
  await form.getByLabel('API key').fill(KEY);
  await form.getByLabel('Environment', { exact: true }).selectOption('custom');
  await form.getByLabel('Base URL (custom environment)').fill('not a url');
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form.getByText('Enter a valid http(s) URL.')).toBeVisible();
  await form.getByLabel('Base URL (custom environment)').fill(local.url);
  await expectNoSeriousAxeViolations(page, 'add CVE account modal');
  await page.screenshot({ path: 'test-results/cve-account-modal-1280.png' });
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form).toHaveCount(0);

  const row = page.getByRole('row').filter({ hasText: ORG });
  await expect(row).toContainText(USER);
  await expect(row).toContainText('Custom');
  await expect(row).toContainText(local.url);
  const active = row.getByRole('checkbox', { name: `Active: ${ORG} (${USER})` });
  await expect(active).toBeChecked();
  // The key is write-only: nowhere on the page, not in the edit form either.
  await expect(page.locator('body')).not.toContainText(KEY);
  await row.getByRole('button', { name: `Edit ${ORG} (${USER})` }).click();
  const edit = page.getByRole('form', { name: `Edit CVE account ${ORG}` });
  await expect(edit.getByLabel('Replace API key')).toHaveValue('');
  await expect(edit.getByText('A key is set. Leave this empty to keep it')).toBeVisible();
  await expect(edit.getByLabel('Organisation short name')).toHaveValue(ORG);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);

  // Deactivated, an account cannot reserve; active again, it can.
  await active.click();
  await expect(active).not.toBeChecked();
  await expect(row).toContainText('Inactive');
  await active.click();
  await expect(active).toBeChecked();
  await expectNoSeriousAxeViolations(page, 'CVE accounts');
  await screenshots(page, 'cve-accounts');

  // ---- Reservations ------------------------------------------------------------------------------------
  await row.getByRole('link', { name: `Reservations of ${ORG} (${USER})` }).click();
  await expect(page.getByRole('heading', { name: `CVE ids of ${ORG}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'No data ...' })).toBeVisible();
  const reserveForm = page.getByRole('form', { name: 'Reserve CVE ids' });
  const amount = reserveForm.getByLabel('Amount (1–1000)');
  for (const [value, message] of [
    ['0', 'Ensure this value is greater than or equal to 1.'],
    ['1001', 'Ensure this value is less than or equal to 1000.'],
  ]) {
    await amount.fill(value);
    await reserveForm.getByRole('button', { name: 'Reserve' }).click();
    await expect(reserveForm.getByText(message)).toBeVisible();
  }
  expect(local.requests.filter((r) => r.path.startsWith('/api/cve-id'))).toHaveLength(0);

  await amount.fill('2');
  await reserveForm.getByRole('button', { name: 'Reserve' }).click();
  const reserved = page.getByRole('status').filter({ hasText: 'Reserved' });
  await expect(reserved).toContainText(/Reserved 2 ids: CVE-\d{4}-\d+, CVE-\d{4}-\d+\./);
  await expect(reserved).toContainText(`Remaining quota: ${QUOTA - 2}.`);
  const idRows = page.getByRole('row').filter({ hasText: /CVE-\d{4}-\d+/ });
  await expect(idRows).toHaveCount(2);
  await expect(idRows.first()).toContainText('RESERVED');
  const cveIds = (await idRows.locator('td:first-child').allTextContents()).map((t) => t.trim());
  expect([...local.ids.keys()].sort()).toEqual([...cveIds].sort());

  // Over the organisation's quota: CVE Services' refusal with its reason, nothing stored.
  await amount.fill('5');
  await reserveForm.getByRole('button', { name: 'Reserve' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'No CVE ids were reserved' });
  await expect(refusal).toContainText("The organisation's CVE ID quota is used up (EXCEEDED_ID_QUOTA");
  await expect(idRows).toHaveCount(2);
  await expectNoSeriousAxeViolations(page, 'CVE reservations');
  await screenshots(page, 'cve-reservations');

  // ---- A case with two vulnerabilities (the first with a vendor status) ---------------------------------
  const coordContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coord = await coordContext.newPage();
  const reporterContext = await browser.newContext();
  const rep = await reporterContext.newPage();
  await signInThroughPage(rep, reporter);
  const caseId = await submitReport(rep, `Sprocket flaws ${stamp}`, [
    { description: 'The sprocket admin page trusts the X-User header.', cwes: ['CWE-287'] },
    { description: 'The export writes files anywhere.', cwes: ['CWE-22'] },
  ]);
  await reporterContext.close();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, [groupName]);
  const headers = { 'X-CSRFToken': await csrfOf(coord) };
  const made = await coord.request.post(`/api/case/${caseId}/vuls/from-report/`, { data: {}, headers });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const grid = (await (
    await coord.request.get(`/api/case/${caseId}/vendors/status/`)
  ).json()) as VendorStatusGrid;
  const [vul1, vul2] = grid.vuls;
  const set = await coord.request.post(`/api/case/${caseId}/vendors/status/`, {
    data: {
      vul: vul1.id,
      participant: grid.vendors[0].participant,
      product: 'Sprocket',
      status: 'affected',
      affected_versions: '4.2',
      fixed_versions: '4.3',
    },
    headers,
  });
  expect(set.status(), await set.text()).toBeLessThan(300);
  // A CVE record needs at least one reference.
  const refd = await coord.request.patch(`/api/vul/${vul1.id}/`, {
    data: { references: ['https://sprocket.example/security/SA-1'] },
    headers,
  });
  expect(refd.status(), await refd.text()).toBe(200);

  // The scorer gives the first reserved id to the first vulnerability.
  const first = idRows.filter({ hasText: cveIds[0] });
  await first.getByRole('button', { name: `Assign ${cveIds[0]}` }).click();
  const assign = page.getByRole('form', { name: `Assign ${cveIds[0]}` });
  await assign.getByLabel('Vulnerability id').fill(String(vul1.id));
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toHaveCount(0);
  await expect(first).toContainText(`#${vul1.id}`);

  // ---- The coordinator: the CVE record on the vulnerability --------------------------------------------
  const vu1 = `VU#${caseId}.1`;
  // The page never asks for a record it knows is refused: no failed CVE call, nothing in the console.
  const consoleErrors: string[] = [];
  const refusedCveCalls: string[] = [];
  coord.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  coord.on('response', (r) => {
    if (r.url().includes('/cve/') && r.status() >= 400) refusedCveCalls.push(`${r.status()} ${r.url()}`);
  });
  await coord.goto(`/cvdp/cases/${caseId}/vulnerabilities?vul=${vul2.id}`);
  const panel2 = coord.getByRole('region', { name: 'CVE record' });
  // No vendor has said anything about the second one: the checklist says what its record needs, and where.
  const needs2 = panel2.getByRole('list', { name: 'What the CVE record needs' });
  await expect(panel2).toContainText(
    'Not ready: CVE JSON 5.1 refuses the record until every required item is done.',
  );
  await expect(needs2.getByRole('listitem').filter({ hasText: 'Affected products' })).toContainText(
    'To do: Affected products: at least one vendor’s status (required)No vendor has a status for this vulnerability: set one in the Vendor status grid',
  );
  await expect(needs2.getByRole('listitem').filter({ hasText: 'References' })).toContainText('To do:');
  await expect(needs2.getByRole('listitem').filter({ hasText: 'Description' })).toContainText('Done:');
  await expect(needs2.getByRole('listitem').filter({ hasText: 'CVE id' })).toContainText(
    'To do: CVE id (needed to publish)',
  );
  await expect(panel2.getByRole('alert')).toHaveCount(0);
  await expect(panel2.getByRole('button', { name: 'Publish to CVE Services' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(coord, 'CVE record checklist (not ready)');
  await screenshots(coord, 'cve-record-checklist');

  await coord.goto(`/cvdp/cases/${caseId}/vulnerabilities?vul=${vul1.id}`);
  const panel = coord.getByRole('region', { name: 'CVE record' });
  await expect(panel.getByRole('status').filter({ hasText: 'Valid' })).toHaveText(
    `Valid CVE JSON 5.1 record for ${cveIds[0]}.`,
  );
  await expect(panel).toContainText('Not published to CVE Services.');
  await expect(
    panel
      .getByRole('list', { name: 'What the CVE record needs' })
      .getByRole('listitem')
      .filter({ hasText: 'CVE id' }),
  ).toContainText('Done: CVE id');
  expect(refusedCveCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
  const preview = panel.getByLabel(`CVE record of ${vu1}`, { exact: true });
  await expect(preview).toContainText('"dataVersion": "5.1"');
  await expect(preview).toContainText('The sprocket admin page trusts the X-User header.');
  await expect(preview).toContainText('"product": "Sprocket"');
  const publish = panel.getByRole('button', { name: 'Publish to CVE Services' });
  await expect(publish).toBeDisabled();
  await expect(panel).toContainText('Publishing needs: the case’s advisory is published.');
  const [download] = await Promise.all([
    coord.waitForEvent('download'),
    panel.getByRole('button', { name: `Download the CVE record of ${vu1}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${cveIds[0]}.json`);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    cveMetadata: { cveId: string };
    containers: { cna: { title?: string } };
  };
  expect(saved.cveMetadata.cveId).toBe(cveIds[0]);
  await expectNoSeriousAxeViolations(coord, 'CVE record panel (unpublished)');
  await screenshots(coord, 'cve-record-unpublished');

  // The advisory is written, shared and published (the Advisory tab's own test drives those screens).
  const revision = await coord.request.post(`/api/case/${caseId}/advisory/`, {
    data: { title: `Sprocket advisory ${stamp}`, summary: 'Sprocket 4.2 lets anyone in.' },
    headers,
  });
  expect(revision.status(), await revision.text()).toBe(201);
  // Published over the guard rails (issue 25): this spec is about the CVE record, not the blockers.
  for (const step of [{ date_shared: today() }, { date_published: today(), override_reason: 'CVE e2e' }]) {
    const res = await coord.request.patch(`/api/case/${caseId}/advisory/latest/`, { data: step, headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  await coord.reload();
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(panel.getByRole('status').filter({ hasText: 'in CVE Services' })).toHaveText(
    `Published ${cveIds[0]} in CVE Services.`,
  );
  await expect(panel).toContainText(`Published to CVE Services on ${today()}.`);
  const stored = local.records.get(cveIds[0]) as {
    containers: { cna: { descriptions: { value: string }[] } };
  };
  expect(stored.containers.cna.descriptions[0].value).toBe(
    'The sprocket admin page trusts the X-User header.',
  );
  // Publishing again updates the record there.
  await panel.getByRole('button', { name: 'Update in CVE Services' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'in CVE Services' })).toHaveText(
    `Updated ${cveIds[0]} in CVE Services.`,
  );
  expect(local.requests.filter((r) => r.path.endsWith('/cna')).map((r) => r.method)).toEqual([
    'POST',
    'POST',
    'PUT',
  ]);
  await expectNoSeriousAxeViolations(coord, 'CVE record panel (published)');
  await screenshots(coord, 'cve-record-published');

  // The scorer's list shows the id published.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: cveIds[0] })).toContainText('PUBLISHED');
  await coordContext.close();
});
