// Scoring work screens end to end (issue 13): a scorer searches the CPE names, reads a CPE's binding attribute by
// attribute, sees an invalid CPE explained, adds a CPE and opens a vulnerability from the CPE's list; an
// administrator adds software priorities and standing assignments (deleting one after confirming) and opens the
// insights (the charts render, each with its table); a scorer scores an embargoed vulnerability of a coordination
// case from its predisclosure page, writes notes and assigns it, and creates a coordination case from it (the
// platform's own service token, no set-up); an administrator creates a case from a queue vulnerability and opens
// it through the link. Every page: axe clean, screenshots at 1280 and 390 px without sideways
// scrolling.
import { expect, test, type Page } from '@playwright/test';
import { servers, ADMIN } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, csrfOf, submitReport } from './support/cases.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';
import { ingestRecords } from './support/scoring.ts';

/** CVE-2024-4577's affected products carry cpe:2.3:a:php_group:php:8.1.0 (and 8.2.0, 8.3.0). */
const PHP_CPE = 'cpe:2.3:a:php_group:php:8.1.0:*:*:*:*:*:*:*';
const PHP_CVE = 'CVE-2024-4577';

/** Opens a scoring section page from its menu with the keyboard (focus the link, Enter). */
async function openFromScoringMenu(page: Page, label: string) {
  const link = page.getByRole('navigation', { name: 'Scoring' }).getByRole('link', { name: label });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test('scoring work: CPE search to a vulnerability, priorities and assignments, insights charts, a predisclosure score', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  const stamp = Date.now();
  await ingestRecords();
  const scorer = await createAccount(servers.main.url, ['scorer'], `Cora Scorer ${stamp}`);

  // ---- A scorer: CPE search ----
  await signInThroughPage(page, scorer);
  await page.goto('/cvdp/scoring');
  await expect(page.getByRole('heading', { name: 'Scoring queue' })).toBeVisible();
  await openFromScoringMenu(page, 'CPE search');
  await expect(page).toHaveURL(/\/cvdp\/scoring\/cpe$/);

  // A query written as a CPE but not a valid one is explained (the part must be a, o or h).
  await page.getByLabel('CPE name or part of it').fill('cpe:2.3:x:php_group');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('cpe-invalid')).toContainText('Not a valid CPE 2.3 name.');
  await expect(page.getByTestId('cpe-invalid')).toContainText(
    'The CPE part must be a (application), o (operating system) or h (hardware).',
  );
  const names = page.getByRole('table', { name: 'CPE names' });
  await expect(names.getByRole('cell', { name: 'No data ...' })).toBeVisible();

  await page.getByLabel('CPE name or part of it').fill('php_group');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('cpe-invalid')).toHaveCount(0);
  await names.getByRole('button', { name: PHP_CPE }).click();
  await expect(page).toHaveURL(/cpe=cpe%3A2\.3%3Aa%3Aphp_group/);
  const selected = page.getByRole('region', { name: PHP_CPE });
  // The binding, attribute by attribute.
  const binding = selected.getByRole('table', { name: PHP_CPE });
  await expect(binding.getByRole('row', { name: 'Part application (a)' })).toBeVisible();
  await expect(binding.getByRole('row', { name: 'Vendor php_group' })).toBeVisible();
  await expect(binding.getByRole('row', { name: 'Product php' })).toBeVisible();
  await expect(binding.getByRole('row', { name: 'Version 8.1.0' })).toBeVisible();
  await expect(binding.getByRole('row', { name: 'Update ANY (*)' })).toBeVisible();
  const vuls = selected.getByRole('table', { name: 'Vulnerabilities matching this CPE' });
  await expect(vuls.getByRole('link', { name: PHP_CVE })).toBeVisible();
  await expect(vuls.getByRole('link', { name: 'CVE-1999-0006' })).toHaveCount(0);

  // Adding a CPE: an invalid name is refused under the field, a valid one is added and chosen.
  const addForm = page.getByRole('form', { name: 'Add a CPE' });
  await addForm.getByLabel('CPE 2.3 name').fill('cpe:2.3:a:e2e vendor:widget');
  await addForm.getByRole('button', { name: 'Add CPE' }).click();
  await expect(addForm.getByText(/has 11 attributes after "cpe:2.3:"/)).toBeVisible();
  const added = `cpe:2.3:a:e2e_vendor_${stamp}:widget:2.0:*:*:*:*:*:*:*`;
  await addForm.getByLabel('CPE 2.3 name').fill(added);
  await addForm.getByLabel('Title (optional)').fill('E2E widget 2.0');
  await addForm.getByRole('button', { name: 'Add CPE' }).click();
  await expect(addForm.getByRole('status')).toHaveText(`Added ${added}.`);
  await expect(page.getByRole('region', { name: added })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Vulnerabilities matching this CPE' })
      .getByRole('cell', { name: 'No data ...' }),
  ).toBeVisible();

  // Back to php's CPE (the address keeps the choice), checked and photographed, then its vulnerability.
  await page.goBack();
  await expect(selected.getByRole('table', { name: 'Vulnerabilities matching this CPE' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'CPE search');
  await screenshots(page, 'scoring-cpe');
  await vuls.getByRole('link', { name: PHP_CVE }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(PHP_CVE) })).toBeVisible();

  // The scorer scores another record through the API, so the insights have something to show.
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  const lock = await page.request.patch('/scoring/api/vuls/CVE-2024-9537/', { data: { lock: '1' }, headers });
  expect(lock.status(), await lock.text()).toBe(200);
  const scored = await page.request.patch('/scoring/api/vuls/CVE-2024-9537/score/', {
    data: { cvss3: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
    headers,
  });
  expect(scored.status(), await scored.text()).toBe(200);
  const unlock = await page.request.patch('/scoring/api/vuls/CVE-2024-9537/', {
    data: { unlock: '1' },
    headers,
  });
  expect(unlock.status(), await unlock.text()).toBe(200);

  // ---- The administrator: priorities and assignments ----
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInThroughPage(admin, ADMIN);
  await admin.goto('/cvdp/scoring');
  await openFromScoringMenu(admin, 'Priorities and assignments');
  const priorities = admin.getByRole('table', { name: 'Software priorities' });
  const assignments = admin.getByRole('table', { name: 'Standing assignments' });
  await expect(priorities.getByRole('cell', { name: 'No data ...' })).toBeVisible();
  await expect(assignments.getByRole('cell', { name: 'No data ...' })).toBeVisible();
  await expectNoSeriousAxeViolations(admin, 'priorities and assignments, empty');
  await screenshots(admin, 'scoring-work-empty');

  const newPriority = admin.getByRole('form', { name: 'New priority' });
  // A CPE pattern the server refuses: its reason is shown under the field, the text stays.
  await newPriority.getByText('CPE pattern', { exact: true }).click();
  await newPriority.getByRole('textbox', { name: 'CPE pattern', exact: true }).fill('cpe:2.3:a:php_group');
  await newPriority.getByRole('button', { name: 'Add priority' }).click();
  await expect(newPriority.getByText(/has 11 attributes after "cpe:2.3:"/)).toBeVisible();
  await expect(newPriority.getByRole('textbox', { name: 'CPE pattern', exact: true })).toHaveValue(
    'cpe:2.3:a:php_group',
  );
  await newPriority
    .getByRole('textbox', { name: 'CPE pattern', exact: true })
    .fill('cpe:2.3:a:sciencelogic:*:*:*:*:*:*:*:*:*');
  await newPriority.getByRole('spinbutton', { name: 'Weight' }).fill('5');
  await newPriority.getByRole('button', { name: 'Add priority' }).click();
  await expect(priorities.getByRole('row', { name: /cpe:2\.3:a:sciencelogic/ })).toContainText('5');
  await newPriority.getByText('Vendor and product', { exact: true }).click();
  await newPriority.getByRole('textbox', { name: 'Vendor', exact: true }).fill('PHP_Group');
  await newPriority.getByRole('textbox', { name: 'Product', exact: true }).fill('php');
  await newPriority.getByRole('spinbutton', { name: 'Weight' }).fill('50');
  await newPriority.getByRole('button', { name: 'Add priority' }).click();
  const phpRow = priorities.getByRole('row', { name: /php_group \/ php/ });
  await expect(phpRow).toContainText('50');
  await expect(phpRow).toContainText('Admin');

  const newAssignment = admin.getByRole('form', { name: 'New standing assignment' });
  await newAssignment.getByLabel('Scorer').selectOption({ label: scorer.name });
  await newAssignment.getByRole('textbox', { name: 'Vendor', exact: true }).fill('sciencelogic');
  await newAssignment.getByRole('button', { name: 'Add assignment' }).click();
  await expect(assignments.getByRole('row', { name: new RegExp(scorer.name) })).toContainText(
    'Vendor sciencelogic',
  );
  await newAssignment.getByText('A CWE class', { exact: true }).click();
  await newAssignment.getByRole('textbox', { name: 'CWE', exact: true }).fill('cwe-78');
  await newAssignment.getByRole('button', { name: 'Add assignment' }).click();
  await expect(assignments.getByRole('row', { name: /CWE class CWE-78/ })).toBeVisible();

  // Delete asks first: Cancel keeps the row, Delete removes it.
  await admin
    .getByRole('button', { name: 'Delete priority cpe:2.3:a:sciencelogic:*:*:*:*:*:*:*:*:*' })
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Delete priority' });
  await expect(dialog).toContainText('cpe:2.3:a:sciencelogic');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(priorities.getByRole('row', { name: /cpe:2\.3:a:sciencelogic/ })).toBeVisible();
  await admin.getByRole('button', { name: `Delete assignment of CWE-78 to ${scorer.name}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete standing assignment' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(assignments.getByRole('row', { name: /CWE class CWE-78/ })).toHaveCount(0);
  await expect(assignments.getByRole('row', { name: new RegExp(scorer.name) })).toHaveCount(1);
  await expectNoSeriousAxeViolations(admin, 'priorities and assignments');
  await screenshots(admin, 'scoring-work');

  // The queue ordered by priority puts php's record first.
  await admin.goto('/cvdp/scoring?ordering=-priority');
  await expect(
    admin.getByRole('table', { name: 'Vulnerabilities to score' }).locator('tbody tr').first(),
  ).toHaveAccessibleName(PHP_CVE);

  // ---- Insights ----
  await openFromScoringMenu(admin, 'Insights');
  const perDay = admin.getByRole('img', { name: /Bar chart of vulnerabilities scored per day/ });
  await expect(perDay).toBeVisible();
  await expect(perDay).toHaveAttribute('aria-label', /[1-9]\d* vulnerabilit(y|ies) in total/);
  // The queue holds the ingested records (a chart) — or, after other tests scored them all, says it is empty.
  await expect(
    admin
      .getByRole('img', { name: /Bar chart of the queue now by status/ })
      .or(admin.getByText('No records are waiting in the queue.')),
  ).toBeVisible();
  await expect(admin.getByRole('img', { name: /agreement with CISA/i })).toBeVisible();
  // Decisions: none of this test's (another test's may be there); no empty axes either way.
  await expect(
    admin
      .getByRole('img', { name: /Bar chart of SSVC decisions/ })
      .or(admin.getByText('No SSVC decisions in this range.')),
  ).toBeVisible();
  const severities = admin.getByRole('img', { name: /Bar chart of CVSS severities/ });
  await expect(severities).toHaveAttribute('aria-label', /CVSS 3\.x CRITICAL [1-9]/);
  // A chart drew on its canvas.
  expect(
    await perDay.evaluate((c) => (c as HTMLCanvasElement).width > 0 && (c as HTMLCanvasElement).height > 0),
  ).toBe(true);
  // Each chart's table alternative: collapsed, opened from the keyboard.
  await admin.getByText('CVSS severities as a table').focus();
  await admin.keyboard.press('Enter');
  const severityTable = admin.getByRole('table', { name: 'CVSS severities' });
  await expect(severityTable.getByRole('row', { name: /CRITICAL 3\.x [1-9]/ })).toBeVisible();
  await admin.getByText('Scored per day as a table').click();
  await expect(admin.getByRole('table', { name: 'Vulnerabilities scored per day' })).toBeVisible();
  await admin.getByText('Agreement per decision point as a table').click();
  await expect(
    admin.getByRole('table', { name: 'Agreement with CISA per decision point' }).getByRole('row', {
      name: /Exploitation/,
    }),
  ).toBeVisible();
  // One scorer: the scorer's own figures.
  await admin.getByRole('combobox', { name: 'Scorer' }).selectOption({ label: scorer.name });
  await admin.getByRole('button', { name: 'Show' }).click();
  await expect(admin).toHaveURL(new RegExp(`user=${scorer.id}`));
  await expect(admin.getByText(`scored by ${scorer.name}`)).toBeVisible();
  await expect(
    admin.getByRole('img', { name: /Bar chart of vulnerabilities scored per day/ }),
  ).toHaveAttribute('aria-label', /1 vulnerability in total/);
  await expectNoSeriousAxeViolations(admin, 'insights');
  await screenshots(admin, 'scoring-insights');
  await adminContext.close();

  // ---- Predisclosure: an embargoed vulnerability of a coordination case ----
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cleo Coordinator ${stamp}`),
  ]);
  const reporterContext = await browser.newContext();
  const reporterPage = await reporterContext.newPage();
  await signInThroughPage(reporterPage, reporter);
  const caseTitle = `Embargoed gadget ${stamp}`;
  const caseId = await submitReport(reporterPage, caseTitle, [
    { description: 'The gadget admin panel accepts any password after three tries.', cwes: ['CWE-287'] },
  ]);
  await reporterContext.close();
  const coordContext = await browser.newContext();
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, []);
  const made = await coord.request.post(`/api/case/${caseId}/vuls/from-report/`, {
    data: {},
    headers: { 'X-CSRFToken': await csrfOf(coord) },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  await coordContext.close();

  await page.goto('/cvdp/scoring');
  await openFromScoringMenu(page, 'Predisclosure');
  await page.getByLabel('Search').fill(caseTitle);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const list = page.getByRole('table', { name: 'Predisclosure vulnerabilities' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('link', { name: /The gadget admin panel/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`Case #${caseId}\\.1`) }),
  ).toBeVisible();
  await expect(
    page.getByText('The gadget admin panel accepts any password after three tries.'),
  ).toBeVisible();
  await expect(page.getByText('No SSVC decision yet.')).toBeVisible();
  const pdUrl = new URL(page.url()).pathname;

  await page.getByRole('button', { name: 'Decide with SSVC' }).click();
  const form = page.getByRole('region', { name: 'SSVC decision' });
  const choose = async (label: string) => {
    await form.getByLabel(label, { exact: true }).check();
    await form.getByRole('button', { name: 'Next' }).click();
  };
  await choose('CISA Coordinator 2.0.3');
  await choose('None');
  await choose('No');
  await choose('Partial');
  await form.getByLabel('Support', { exact: true }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await choose('Minimal');
  await form.getByRole('button', { name: 'Save decision' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('predisclosure-ssvc')).toContainText('Track');

  // CVSS 3.1: a bad vector is refused under the field; a good one is scored by the server.
  const cvss3 = page.getByLabel('CVSS v3.1 vector');
  await cvss3.fill('CVSS:3.1/AV:N');
  await page.getByRole('button', { name: 'Save CVSS 3.1 score' }).click();
  await expect(page.locator('#predisclosure-cvss3-error')).toBeVisible();
  await cvss3.fill('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N');
  await page.getByRole('button', { name: 'Save CVSS 3.1 score' }).click();
  await expect(page.getByRole('region', { name: 'CVSS 3.1' })).toContainText('9.1');
  // CVSS 4.0 with the shared calculator: the vector typed, the score shown, saved and scored by the server.
  const calculator = page.getByRole('region', { name: 'CVSS v4.0 calculator' });
  await calculator
    .getByRole('textbox', { name: 'Vector String' })
    .fill('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N');
  await expect(calculator.getByLabel('CVSS score')).toHaveText('9.3');
  await page.getByRole('button', { name: 'Save CVSS 4.0 score' }).click();
  const cvss4 = page.getByRole('region', { name: 'CVSS 4.0' });
  await expect(cvss4.getByText('Saved.')).toBeVisible();
  await expect(cvss4.locator('p').first()).toContainText('9.3 CRITICAL');

  // Notes and assignment: too long a note is refused under the field with the text kept; then saved.
  const notesRegion = page.getByRole('region', { name: 'Notes and assignment' });
  const notes = notesRegion.getByLabel('Notes', { exact: true });
  await notes.fill('x'.repeat(4001));
  await notesRegion.getByRole('button', { name: 'Save notes and assignment' }).click();
  await expect(page.locator('#predisclosure-notes-error')).toContainText('at most 4000');
  await expect(notes).toHaveValue('x'.repeat(4001));
  await notes.fill('Vendor confirms a fix in 2.4.1.');
  await notesRegion.getByLabel('Assigned scorer').selectOption({ label: scorer.name });
  await notesRegion.getByRole('button', { name: 'Save notes and assignment' }).click();
  await expect(notesRegion.getByText('Saved.')).toBeVisible();
  await expect(page.getByText(`Assigned ${scorer.name}`)).toBeVisible();

  // Create case: the platform has its own service token for base 1 (no set-up), so the case is made.
  await page.getByRole('button', { name: 'Create case' }).click();
  const caseRegion = page.getByRole('region', { name: 'Coordination case' });
  await expect(caseRegion.getByRole('status')).toContainText(/Case #\d+ created\./);
  // A scorer only may not open cases: the number, no link that would refuse them.
  await expect(caseRegion.getByRole('link')).toHaveCount(0);
  const pdCaseId = /Case #(\d+)/.exec((await caseRegion.getByRole('status').textContent()) ?? '')![1];
  expect(pdCaseId).not.toBe(String(caseId));
  await expectNoSeriousAxeViolations(page, 'predisclosure vulnerability');
  await screenshots(page, 'scoring-predisclosure-vul');

  // The list shows the scores; reloading the page keeps them.
  await page.reload();
  await expect(page.getByTestId('predisclosure-ssvc')).toContainText('Track');
  await page.getByRole('link', { name: 'Predisclosure', exact: true }).first().click();
  await page.getByLabel('Search').fill(caseTitle);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(list.getByRole('row', { name: /The gadget admin panel/ })).toContainText('Track');
  await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveCount(0);

  // Staff open the cases made: an administrator (who may score and coordinate) makes one from a queue
  // vulnerability and follows the link; asking again on the predisclosure page answers the same case.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await signInThroughPage(staff, ADMIN);
  await staff.goto(`/cvdp/scoring/vuls/${PHP_CVE}`);
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(PHP_CVE) })).toBeVisible();
  await staff.getByRole('button', { name: 'Create case' }).click();
  const vulCase = staff.getByRole('region', { name: 'Coordination case' });
  await vulCase.getByRole('link', { name: /Open case #\d+/ }).click();
  await expect(staff).toHaveURL(/\/cvdp\/cases\/\d+$/);
  await expect(staff.getByRole('heading', { level: 1, name: new RegExp(`${PHP_CVE}: `) })).toBeVisible();

  await staff.goto(pdUrl);
  await staff.getByRole('button', { name: 'Create case' }).click();
  await expect(staff.getByRole('region', { name: 'Coordination case' }).getByRole('status')).toHaveText(
    `Case #${pdCaseId}. Open case #${pdCaseId}`,
  );
  await staff
    .getByRole('region', { name: 'Coordination case' })
    .getByRole('link', { name: /Open case/ })
    .click();
  await expect(staff).toHaveURL(new RegExp(`/cvdp/cases/${pdCaseId}$`));
  await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
  await staffContext.close();
});
