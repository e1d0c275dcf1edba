// Vulnerabilities end to end (issue 11): a coordinator creates a case's two vulnerabilities from the report
// (the reporter's CVSS vector kept as the reporter's score), scores one with the CVSS v4.0 calculator and a
// v3.1 vector and decides it with SSVC step by step; the VEX download says why there is none yet; a vendor's
// member — in another browser — sees the tab read-only except their own status row, and marks one
// vulnerability affected and the other not affected with a justification; the coordinator's grid shows it,
// and the VEX document downloaded from the page passes the CSAF validator (strict schema + mandatory tests).
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import validateStrict from '@secvisogram/csaf-validator-lib/validateStrict.js';
import { csaf_2_0_strict } from '@secvisogram/csaf-validator-lib/schemaTests.js';
import * as mandatory from '@secvisogram/csaf-validator-lib/mandatoryTests.js';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

const REPORTER_VECTOR = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
const CVSS31_VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';

async function pickMetric(scope: Locator, metric: string, option: string) {
  // The radios are Bootstrap toggle buttons: a person clicks the visible label.
  await scope.getByRole('group', { name: metric }).locator('label', { hasText: option }).click();
}

test('vulnerabilities from a report, scored with CVSS and SSVC, vendor statuses, and a valid VEX', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const groupName = `Widget PSIRT ${stamp}`;
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cora Coordinator ${stamp}`),
  ]);
  const vendor = await vendorGroupWithMember(groupName, `Vera Vendor ${stamp}`);

  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Two flaws in Widget ${stamp}`, [
    {
      description: 'The search box builds SQL from the query text.',
      cwes: ['CWE-89'],
      cvss: REPORTER_VECTOR,
    },
    { description: 'The profile page echoes the display name unescaped.', cwes: ['CWE-79'] },
  ]);
  const vu1 = `VU#${caseId}.1`;
  const vu2 = `VU#${caseId}.2`;

  // The coordinator activates the case and adds the vendor group.
  const coordContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, [groupName]);

  await coord.goto(`/cvdp/cases/${caseId}/vulnerabilities`);
  await expect(coord).toHaveTitle(`Vulnerabilities · Case #${caseId} · CVDP`);
  await expect(coord.getByText('No vulnerabilities yet.')).toBeVisible();
  await expect(coord.getByText('No vulnerabilities yet: the grid has no columns.')).toBeVisible();

  // Create from report: one vulnerability per answer, with its CWE and the reporter's CVSS score.
  await coord.getByRole('button', { name: 'Create from report' }).click();
  await expect(coord.getByText('2 vulnerabilities created from the report.')).toBeVisible();
  const list = coord.getByRole('list', { name: 'Vulnerabilities of the case' });
  const item1 = list
    .getByRole('listitem')
    .filter({ has: coord.getByRole('button', { name: vu1, exact: true }) });
  const item2 = list
    .getByRole('listitem')
    .filter({ has: coord.getByRole('button', { name: vu2, exact: true }) });
  await expect(item1).toContainText('The search box builds SQL');
  await expect(item1.getByText('CWE-89', { exact: true })).toBeVisible();
  const reporterBadge = item1.getByText('CVSS 4.0 (reporter): 9.3 CRITICAL');
  await expect(reporterBadge).toBeVisible();
  await expect(reporterBadge).toHaveClass(/bg-danger/);
  await expect(item2.getByText('CWE-79', { exact: true })).toBeVisible();
  // Running it again creates nothing new.
  await coord.getByRole('button', { name: 'Create from report' }).click();
  await expect(
    coord.getByText(/No vulnerability was created; 2 already created from the report\./),
  ).toBeVisible();

  // No vendor has said anything yet: the VEX download says so instead of giving an invalid document.
  await item1.getByRole('button', { name: `Download VEX of ${vu1}` }).click();
  await expect(item1.getByRole('alert')).toContainText(`No VEX for ${vu1}: `);
  const refusal = (await item1.getByRole('alert').textContent()) ?? '';
  expect(refusal.length).toBeGreaterThan(`No VEX for ${vu1}: `.length + 5);

  // VU#.1: the coordinator scores it with the calculator (from the reporter's vector, privileges now Low).
  await item1.getByRole('button', { name: vu1, exact: true }).click();
  await expect(coord.getByRole('heading', { name: new RegExp(`^${vu1.replace('.', '\\.')}`) })).toBeVisible();
  const calculator = coord.getByRole('region', { name: 'CVSS v4.0 calculator' });
  await expect(calculator.getByRole('textbox', { name: 'Vector String' })).toHaveValue(REPORTER_VECTOR);
  await pickMetric(calculator, 'Privileges Required (PR)', 'Low (L)');
  const shown = (await calculator.getByLabel('CVSS score').textContent())!;
  expect(shown).not.toBe('9.3');
  await coord.getByRole('button', { name: 'Save CVSS 4.0 score' }).click();
  const cvss = coord.getByRole('region', { name: 'CVSS', exact: true });
  const coordRow = cvss.getByRole('row').filter({ hasText: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L' });
  await expect(coordRow).toContainText(shown); // the server's score equals the calculator's
  await expect(coordRow).toContainText(`by Cora Coordinator ${stamp}`);
  await expect(cvss.getByRole('row').filter({ hasText: '(reporter)' })).toContainText('9.3');

  // And a CVSS 3.1 vector: an invalid one is refused naming the metric, a valid one scored by the server.
  const v31 = coord.getByRole('textbox', { name: 'CVSS v3.1 vector' });
  await v31.fill('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:Q');
  await coord.getByRole('button', { name: 'Save CVSS 3.1 score' }).click();
  await expect(v31).toHaveClass(/is-invalid/);
  await expect(cvss.locator('[data-field-error]')).toContainText(/\bA\b/);
  await v31.fill(CVSS31_VECTOR);
  await coord.getByRole('button', { name: 'Save CVSS 3.1 score' }).click();
  await expect(cvss.getByRole('row').filter({ hasText: CVSS31_VECTOR })).toContainText('9.8CRITICAL');

  // SSVC, one decision point at a time.
  await decideSsvc(coord);
  const ssvc = coord.getByRole('region', { name: 'SSVC', exact: true });
  await expect(ssvc.getByText('Act', { exact: true }).first()).toBeVisible();
  await expect(ssvc.getByText(/^SSVCv2\//).first()).toBeVisible();
  await expect(
    ssvc.getByRole('list', { name: 'SSVC decisions, newest first' }).getByRole('listitem'),
  ).toHaveCount(1);
  await expectNoSeriousAxeViolations(coord, 'one vulnerability (coordinator)');
  await screenshots(coord, 'vulnerability-detail');

  // The list shows the coordinator's scores and the SSVC outcome.
  await coord.getByRole('button', { name: '← All vulnerabilities' }).click();
  await expect(item1.getByText(`CVSS 4.0: ${shown}`, { exact: false })).toBeVisible();
  await expect(item1.getByText('CVSS 3.1: 9.8 CRITICAL')).toBeVisible();
  await expect(item1.getByText('Act', { exact: true })).toHaveAttribute(
    'title',
    'SSVC CISA Coordinator: Act',
  );

  // The vendor's member, in their own browser: the tab is read-only but for their own row.
  const vendorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ven = await vendorContext.newPage();
  await signInThroughPage(ven, vendor);
  await ven.goto(`/cvdp/cases/${caseId}/vulnerabilities`);
  await expect(ven.getByRole('button', { name: vu1, exact: true })).toBeVisible();
  await expect(ven.getByRole('button', { name: 'Create from report' })).toHaveCount(0);
  await expect(ven.getByRole('button', { name: 'New vulnerability' })).toHaveCount(0);
  const grid = ven.getByRole('table', { name: 'Status of each vendor for each vulnerability' });
  await grid.getByRole('button', { name: `${groupName}, ${vu1}: Unknown. Edit` }).click();
  let dialog = ven.getByRole('dialog', { name: `Status: ${groupName} · ${vu1}` });
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('Affected');
  await dialog.getByLabel('Product').fill('Widget');
  await dialog.getByLabel('Affected versions').fill('2.0 to 2.3.1');
  await dialog.getByLabel('Fixed versions').fill('2.3.2');
  await dialog.getByLabel('Package URL (purl)').fill('pkg:npm/widget@2.3.1');
  await dialog.getByLabel('Statement').fill('Fixed in 2.3.2; please upgrade.');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toBeHidden();
  await expect(grid.getByRole('button', { name: `${groupName}, ${vu1}: Affected. Edit` })).toBeVisible();

  await grid.getByRole('button', { name: `${groupName}, ${vu2}: Unknown. Edit` }).click();
  dialog = ven.getByRole('dialog', { name: `Status: ${groupName} · ${vu2}` });
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('Not affected');
  await dialog.getByLabel('Product').fill('Widget');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  // Not affected needs a justification (the shared schema says so before anything is sent).
  await expect(dialog.getByText('Choose a justification for "Not affected".')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Justification' }).selectOption('Vulnerable code not present');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    grid.getByRole('button', {
      name: `${groupName}, ${vu2}: Not affected (Vulnerable code not present). Edit`,
    }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(ven, 'vulnerabilities tab (vendor)');
  await screenshots(ven, 'vulnerabilities-vendor');

  // The coordinator's grid shows both.
  await coord.reload();
  const coordGrid = coord.getByRole('table', { name: 'Status of each vendor for each vulnerability' });
  const row = coordGrid.getByRole('row', { name: new RegExp(groupName) });
  await expect(row.getByRole('button', { name: `${groupName}, ${vu1}: Affected. Edit` })).toContainText(
    'Affected',
  );
  await expect(
    row.getByRole('button', { name: new RegExp(`${vu2.replace('.', '\\.')}: Not affected`) }),
  ).toContainText('Vulnerable code not present');
  await expectNoSeriousAxeViolations(coord, 'vulnerabilities tab (coordinator)');
  await screenshots(coord, 'vulnerabilities-coordinator');

  // The VEX of each, downloaded from the page, is a valid CSAF 2.0 VEX document.
  for (const [label, item, expected] of [
    [vu1, item1, 'known_affected'],
    [vu2, item2, 'known_not_affected'],
  ] as const) {
    const downloading = coord.waitForEvent('download');
    await item.getByRole('button', { name: `Download VEX of ${label}` }).click();
    const download = await downloading;
    const doc = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(doc.document.category).toBe('csaf_vex');
    const result = await validateStrict([csaf_2_0_strict, ...Object.values(mandatory)], doc);
    const failed = result.tests
      .filter((t) => !t.isValid)
      .map((t) => `${t.name}: ${JSON.stringify(t.errors)}`);
    expect(failed, `${label} VEX`).toEqual([]);
    expect(result.isValid).toBe(true);
    const status = doc.vulnerabilities[0].product_status as Record<string, string[]>;
    expect(status[expected]?.length, `${label}: ${JSON.stringify(status)}`).toBeGreaterThan(0);
    if (expected === 'known_not_affected') {
      expect(doc.vulnerabilities[0].flags[0].label).toBe('vulnerable_code_not_present');
    }
  }

  // A vulnerability added by hand (the New vulnerability dialog): the schema's messages under their fields
  // before anything is sent, then it is created as the case's third and opened.
  await coord.getByRole('button', { name: 'New vulnerability' }).click();
  const create = coord.getByRole('dialog', { name: 'New vulnerability' });
  await create.getByLabel('References').fill('not a link');
  await create.getByRole('button', { name: 'Create vulnerability' }).click();
  await expect(create.getByText('This field is required.')).toBeVisible();
  await expect(create.getByText(/^Line 1: /)).toBeVisible();
  await expectNoSeriousAxeViolations(coord, 'new vulnerability dialog');
  await create.getByLabel('Description').fill('Added by hand: the export endpoint leaks session tokens.');
  await create.getByLabel('References').fill('https://example.test/advisory/3');
  await create.getByRole('button', { name: 'Create vulnerability' }).click();
  await expect(create).toBeHidden();
  const vu3 = vu1.replace(/\.1$/, '.3');
  await expect(coord.getByRole('heading', { name: vu3, exact: true })).toBeVisible();
  await expect(coord.getByText('Added by hand: the export endpoint leaks session tokens.')).toBeVisible();

  await vendorContext.close();
  await coordContext.close();
});

/**
 * The coordinator decides VU#.1 with the SSVC step-by-step form: the CISA Coordinator table, Exploitation
 * Active, Automatable Yes, Technical Impact Total, Mission Prevalence Essential — the outcome is Act from
 * there on, whatever Public Well-Being Impact is — and saves; the server computes Act too.
 */
async function decideSsvc(page: Page) {
  await page.getByRole('button', { name: 'Decide with SSVC' }).click();
  const form = page.getByRole('region', { name: 'SSVC decision' });
  const choose = async (label: string) => {
    await form.getByLabel(label, { exact: true }).check();
    await form.getByRole('button', { name: 'Next' }).click();
  };
  await choose('CISA Coordinator 2.0.3');
  await expect(form.getByRole('heading', { name: 'Exploitation' })).toBeFocused();
  await choose('Active');
  await choose('Yes');
  await choose('Total');
  await form.getByLabel('Essential', { exact: true }).check();
  await expect(form.getByRole('status')).toContainText('Outcome: Act');
  await form.getByRole('button', { name: 'Next' }).click();
  await choose('Minimal');
  await expect(form.getByTestId('ssvc-vector')).toHaveText(/^SSVCv2\//);
  await form.getByRole('button', { name: 'Save decision' }).click();
  await expect(form).toBeHidden();
}
