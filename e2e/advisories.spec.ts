// Advisories end to end (issue 12): from a case with two vulnerabilities (vendor statuses set) a coordinator
// writes the advisory in the Advisory tab, saves a second revision and reads the diff, shares it and asks the
// vendors to approve; the vendor's member — in another browser — reads the shared revision and approves it;
// the coordinator sees who approved which revision, publishes (today's date), previews the CSAF 2.0 and 2.1
// documents (the server's validation shown) and downloads 2.0, which passes @secvisogram/csaf-validator-lib's
// strict schema and every mandatory test; the public page, signed out, lists the advisory.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import validateStrict from '@secvisogram/csaf-validator-lib/validateStrict.js';
import { csaf_2_0_strict } from '@secvisogram/csaf-validator-lib/schemaTests.js';
import * as mandatory from '@secvisogram/csaf-validator-lib/mandatoryTests.js';
import {
  CSAF_NAMESPACE_MESSAGE,
  OVERRIDE_REASON_REQUIRED,
  SCHEDULE_NO_EMBARGO,
  type VendorStatusGrid,
} from '@cvdp/core';
import { ADMIN, servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, csrfOf, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { openAdministration } from './support/navigation.ts';
import { CSAF_FIRST_USE, expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

const today = (d = new Date()) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

test('an advisory from draft to published: revisions, diff, vendor approval, valid CSAF, public page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const groupName = `Gizmo PSIRT ${stamp}`;
  const title = `Gizmo 3 flaws ${stamp}`;
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cleo Coordinator ${stamp}`),
  ]);
  const vendor = await vendorGroupWithMember(groupName, `Val Vendor ${stamp}`);

  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Two flaws in Gizmo ${stamp}`, [
    { description: 'The login form builds SQL from the user name.', cwes: ['CWE-89'] },
    { description: 'The help page echoes the query unescaped.', cwes: ['CWE-79'] },
  ]);

  // The coordinator activates the case, adds the vendor, makes the two vulnerabilities from the report and
  // records the vendor's statuses (the Vulnerabilities tab's own test drives those screens).
  const coordContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, [groupName]);
  const headers = { 'X-CSRFToken': await csrfOf(coord) };
  const made = await coord.request.post(`/api/case/${caseId}/vuls/from-report/`, { data: {}, headers });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const grid = (await (
    await coord.request.get(`/api/case/${caseId}/vendors/status/`)
  ).json()) as VendorStatusGrid;
  expect(grid.vuls).toHaveLength(2);
  const participant = grid.vendors[0].participant;
  for (const [vul, status] of [
    [grid.vuls[0].id, { status: 'affected', fixed_versions: '3.0.1' }],
    // Affected too: CSAF 2.1's mandatory test 6.1.27.12 wants a known_affected product in every
    // vulnerability of a security advisory.
    [grid.vuls[1].id, { status: 'affected', affected_versions: '3.0' }],
  ] as const) {
    const set = await coord.request.post(`/api/case/${caseId}/vendors/status/`, {
      data: { vul, participant, product: 'Gizmo', ...status },
      headers,
    });
    expect(set.status(), await set.text()).toBeLessThan(300);
  }

  // The Advisory tab: nothing yet; the coordinator writes the first revision.
  await coord.goto(`/cvdp/cases/${caseId}/advisory`);
  await expect(coord).toHaveTitle(`Advisory · Case #${caseId} · CVDP`);
  await expect(coord.getByText('No advisory yet.')).toBeVisible();
  await coord.getByRole('button', { name: 'Write the advisory' }).click();
  const editor = coord.getByRole('form', { name: 'New revision of the advisory' });
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Summary').fill('Two flaws in Gizmo 3.0 let an attacker read the database.');
  await editor.getByLabel('Advisory (Markdown)').fill('## Overview\n\nGizmo **3.0** is affected.');
  await editor.getByRole('button', { name: 'Preview' }).click();
  // The preview is the server's rendering, as the saved revision will show it.
  await expect(editor.getByLabel('Preview').locator('strong')).toHaveText('3.0');
  await expect(editor.getByLabel('Preview').getByRole('heading', { name: 'Overview' })).toBeVisible();
  await editor.getByRole('button', { name: 'Write' }).click();
  await editor.getByLabel('Solution').fill('Upgrade to 3.0.1.');
  await editor.getByLabel('References').fill('https://gizmo.example/security');
  await editor.getByRole('button', { name: 'Save revision' }).click();
  const latest = coord.getByRole('article', { name: title });
  await expect(latest.getByText('Revision 1')).toBeVisible();
  // The server's rendering of the Markdown.
  await expect(latest.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(latest.locator('strong', { hasText: '3.0' })).toBeVisible();

  // A second revision, and the diff between the two.
  await coord.getByRole('button', { name: 'New revision' }).click();
  await editor.getByLabel('Solution').fill('Upgrade to 3.0.1 or later.');
  await editor.getByRole('button', { name: 'Save revision' }).click();
  await expect(latest.getByText('Revision 2')).toBeVisible();
  const changes = coord.getByRole('region', { name: 'Changes from revision 1 to 2' });
  await expect(changes).toContainText('+Upgrade to 3.0.1 or later.');
  await expect(changes).toContainText('-Upgrade to 3.0.1.');

  // Asking for approval needs a shared revision: share it (today's date), then ask every vendor.
  await expect(coord.getByRole('button', { name: 'Ask vendors to approve' })).toBeDisabled();
  await coord.getByRole('button', { name: 'Share', exact: true }).click();
  await coord
    .getByRole('dialog', { name: 'Share the advisory?' })
    .getByRole('button', { name: 'Share' })
    .click();
  await expect(coord.getByText('Advisory shared.')).toBeVisible();
  await expect(latest.getByText(`Shared ${today()}`)).toBeVisible();
  await coord.getByRole('button', { name: 'Ask vendors to approve' }).click();
  const approvals = coord.getByRole('region', { name: 'Approvals' });
  const approval = approvals.getByRole('listitem', { name: `Approval of ${groupName}` });
  await expect(approval).toContainText('Pending');
  await expectNoSeriousAxeViolations(coord, 'advisory tab (coordinator)');
  await screenshots(coord, 'advisory-coordinator');

  // The vendor's member, in their own browser, reads the shared revision and approves it.
  const vendorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ven = await vendorContext.newPage();
  await signInThroughPage(ven, vendor);
  await ven.goto(`/cvdp/cases/${caseId}/advisory`);
  await expect(ven.getByRole('article', { name: title })).toContainText('Upgrade to 3.0.1 or later.');
  await expect(ven.getByRole('button', { name: 'New revision' })).toHaveCount(0);
  await expect(ven.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  const venApproval = ven.getByRole('listitem', { name: `Approval of ${groupName}` });
  // Asking for changes needs a comment.
  await venApproval.getByRole('button', { name: 'Request changes' }).click();
  await expect(venApproval.getByText('Say what should change.')).toBeVisible();
  await venApproval.getByLabel('Comment').fill('Looks right to us.');
  await venApproval.getByRole('button', { name: 'Approve' }).click();
  await expect(venApproval).toContainText('Approved');
  await expect(venApproval).toContainText(`by Val Vendor ${stamp}`);
  await expectNoSeriousAxeViolations(ven, 'advisory tab (vendor)');
  await screenshots(ven, 'advisory-vendor');

  // The coordinator sees who approved which revision, and publishes.
  await coord.reload();
  await expect(approval).toContainText('Approved');
  await expect(approval).toContainText('Revision 2');
  await expect(approval).toContainText(`by Val Vendor ${stamp}`);
  await expect(approval).toContainText('Looks right to us.');
  // A publication scheduled (issue 25): not at the embargo's end (this case has none), at a time; cancelled.
  const scheduling = coord.getByRole('region', { name: 'Scheduled publication' });
  await scheduling.getByRole('button', { name: 'Schedule publication' }).click();
  await expect(scheduling.getByText(SCHEDULE_NO_EMBARGO)).toBeVisible();
  await scheduling.getByLabel('At a time').check();
  // Far out: embargo.spec moves this server's clock ~46 days ahead for a moment (support/clock.ts), and a
  // schedule due by then would be refused or come due while this test looks at it.
  const later = today(new Date(Date.now() + 200 * 86_400_000));
  const local = `${later}T10:30`;
  await scheduling.getByLabel('Time of publication (local time)').fill(local);
  await expect(scheduling).toContainText(' UTC)');
  await scheduling.getByRole('button', { name: 'Schedule publication' }).click();
  await expect(coord.getByRole('status').filter({ hasText: 'Publication scheduled for' })).toBeVisible();
  const scheduled = scheduling.getByRole('group', { name: 'Publication schedule' });
  await expect(scheduled).toContainText('scheduled');
  await expect(scheduled).toContainText(`${later} 10:30 local`);
  await expectNoSeriousAxeViolations(coord, 'advisory tab with a scheduled publication');
  await scheduled.getByRole('button', { name: 'Cancel the scheduled publication' }).click();
  await coord
    .getByRole('dialog', { name: 'Cancel the scheduled publication?' })
    .getByRole('button', { name: 'Cancel the schedule' })
    .click();
  await expect(coord.getByText('Scheduled publication cancelled.')).toBeVisible();
  await expect(scheduled).toContainText('cancelled');

  // Publishing first lists what blocks it (issue 25); staff publish anyway with a reason.
  await coord.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishing = coord.getByRole('dialog', { name: 'Publish the advisory?' });
  const blockers = publishing.getByRole('list', { name: 'Blockers' });
  await expect(blockers.getByRole('listitem').first()).toBeVisible();
  await expect(blockers.getByRole('link').first()).toBeVisible();
  await expectNoSeriousAxeViolations(coord, 'publish dialog with blockers');
  await screenshots(coord, 'advisory-publish-blockers');
  await publishing.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(publishing.getByText(OVERRIDE_REASON_REQUIRED)).toBeVisible();
  await publishing
    .getByLabel(/Override reason/)
    .fill('The fixed release is out; the vendor asked us to publish.');
  await publishing.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(coord.getByText('Advisory published over its blockers.')).toBeVisible();
  await expect(latest.getByText(`Published ${today()}`)).toBeVisible();

  // CSAF 2.1: previewed with the server's validation result.
  await coord.getByLabel('CSAF version').selectOption('2.1');
  await coord.getByRole('button', { name: 'Preview CSAF' }).click();
  await expect(coord.getByRole('alert').filter({ hasText: 'CSAF' })).toHaveCount(0);
  // The first CSAF validation of a server process compiles the validator's schemas (csaf/validate.ts:
  // ~6.5 s for 2.1, ~2 s for 2.0, longer while the other worker's test runs): give it room.
  await expect(coord.getByRole('status').filter({ hasText: 'Valid CSAF 2.1' })).toBeVisible({
    timeout: CSAF_FIRST_USE,
  });
  await expect(coord.getByLabel('CSAF 2.1 document')).toContainText('"csaf_version": "2.1"');

  // CSAF 2.0: previewed, downloaded, and valid for the CSAF validator too.
  await coord.getByLabel('CSAF version').selectOption('2.0');
  await coord.getByRole('button', { name: 'Preview CSAF' }).click();
  await expect(coord.getByRole('status').filter({ hasText: 'Valid CSAF 2.0' })).toBeVisible({
    timeout: CSAF_FIRST_USE,
  });
  const downloading = coord.waitForEvent('download');
  await coord.getByRole('button', { name: 'Download CSAF 2.0' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const doc = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(doc.document.category).toBe('csaf_security_advisory');
  expect(doc.document.title).toBe(title);
  expect(doc.vulnerabilities).toHaveLength(2);
  const result = await validateStrict([csaf_2_0_strict, ...Object.values(mandatory)], doc);
  const failed = result.tests.filter((t) => !t.isValid).map((t) => `${t.name}: ${JSON.stringify(t.errors)}`);
  expect(failed, 'advisory CSAF 2.0').toEqual([]);
  expect(result.isValid).toBe(true);
  await expectNoSeriousAxeViolations(coord, 'advisory tab, published (coordinator)');
  await screenshots(coord, 'advisory-published');

  // The public page, signed out.
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/advisories/');
  await expect(visitor.getByText(title)).toBeVisible();
  await visitor.goto(`/advisories/${caseId}/`);
  await expect(visitor.getByText('Upgrade to 3.0.1 or later.')).toBeVisible();
  await screenshots(visitor, 'advisory-public');

  await visitorContext.close();
  await vendorContext.close();
  await coordContext.close();
});

test('an administrator adds a CSAF profile', async ({ page }) => {
  const name = `PSIRT profile ${Date.now()}`;
  await signInThroughPage(page, ADMIN);
  await openAdministration(page, 'CSAF profiles');
  await expect(page).toHaveTitle('CSAF profiles · CVDP');
  await page.getByRole('button', { name: 'Add profile' }).click();
  const form = page.getByRole('form', { name: 'New CSAF profile' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Publisher name').fill('Example CERT');
  await form.getByLabel('Namespace').fill('not a uri');
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form.getByText(CSAF_NAMESPACE_MESSAGE)).toBeVisible();
  await form.getByLabel('Namespace').fill('https://cert.example');
  await form.getByLabel('Default TLP').selectOption('GREEN');
  await form.getByRole('button', { name: 'Add profile' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('https://cert.example');
  await expect(row).toContainText('GREEN');
  await expectNoSeriousAxeViolations(page, 'CSAF profiles');
  await screenshots(page, 'csaf-profiles');
});
