// Report intake end to end: a reporter fills in the whole form the way a person would (vulnerabilities
// added, cloned and removed, CWEs picked by typing and from the search modal, one scored with the CVSS
// calculator, a file attached), is stopped by missing answers, submits, finds the report in their list,
// opens the case, downloads the file and edits the report; a coordinator then reads the original.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { submitReport } from './support/cases.ts';

const POC = 'import requests\nrequests.get("https://shop.example/search?q=%27%20OR%201=1--")\n';

const vulnerability = (page: Page, n: number) =>
  page.getByRole('region', { name: `Vulnerability ${n}`, exact: true });
const vulnerabilities = (page: Page) => page.getByRole('region', { name: /^Vulnerability \d+$/ });
/** The block (label, control, message) of a field, to read the message shown under it. */
const fieldBlock = (control: Locator) => control.locator('xpath=ancestor-or-self::*[@data-field][1]');

async function answer(scope: Locator | Page, question: string, value: 'Yes' | 'No') {
  await scope.getByRole('group', { name: question }).getByLabel(value, { exact: true }).check();
}

async function pickMetric(scope: Locator, metric: string, option: string) {
  // The radios are Bootstrap toggle buttons: a person clicks the visible label.
  await scope.getByRole('group', { name: metric }).locator('label', { hasText: option }).click();
}

test('a reporter submits, finds and edits a report; a coordinator reads the original', async ({
  page,
  browser,
}) => {
  const reporter = await createAccount(servers.main.url, ['reporter'], 'Rita Reporter');
  const coordinator = await createAccount(servers.main.url, ['coordinator'], 'Carl Coordinator');
  const title = `SQL injection in Acme Shop ${Date.now()}`;

  await signInThroughPage(page, reporter);
  await page.getByRole('navigation').getByRole('link', { name: 'Report a vulnerability' }).click();
  await expect(page).toHaveURL(/\/cvdp\/report$/);
  await expect(
    page.getByText('Please be direct and concise. Proof-of-concept code is appreciated.'),
  ).toBeVisible();
  await expect(page.getByText('The file can be at most 10MB.')).toBeVisible();

  // Report section (Product is left out for now).
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await answer(page, 'Have you notified the vendor?', 'Yes');
  await page.getByRole('textbox', { name: 'Vendor contact' }).fill('security@acme.example');
  await page
    .getByLabel('Proof of concept')
    .setInputFiles({ name: 'poc.py', mimeType: 'text/x-python', buffer: Buffer.from(POC) });

  // Vulnerability 1: description, a CWE typed into the typeahead and one from the search modal, a CVSS score.
  const first = vulnerability(page, 1);
  await expect(first.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await first
    .getByRole('textbox', { name: 'Description' })
    .fill('The search box builds SQL from the query text.');
  await first.getByRole('combobox').fill('CWE-79');
  await page.getByRole('option', { name: /^CWE-79:/ }).click();
  await first.getByRole('button', { name: 'Search CWEs' }).click();
  const modal = page.getByRole('dialog', { name: 'Search CWEs' });
  await modal.getByRole('searchbox', { name: 'Keyword' }).fill('SQL injection');
  await modal.getByRole('checkbox', { name: 'Select CWE-89' }).check();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal).toBeHidden();
  await expect(first.locator('.rbt-token')).toHaveText([/CWE-79/, /CWE-89/]);

  await answer(first, 'Do you want to provide a CVSS score?', 'Yes');
  await expect(first.getByRole('textbox', { name: 'Vector String' })).toHaveValue(
    'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N',
  );
  await pickMetric(first, 'Vulnerable System Confidentiality Impact (VC)', 'High (H)');
  await pickMetric(first, 'Vulnerable System Integrity Impact (VI)', 'High (H)');
  await pickMetric(first, 'Vulnerable System Availability Impact (VA)', 'High (H)');
  const vector = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
  await expect(first.getByRole('textbox', { name: 'Vector String' })).toHaveValue(vector);
  await expect(first.getByLabel('CVSS score')).toHaveText('9.3');
  await answer(first, 'Has this vulnerability been publicly disclosed?', 'No');
  await answer(first, 'Is this vulnerability being actively exploited?', 'Yes');
  await first.getByRole('textbox', { name: 'Evidence of active exploitation' }).fill('Seen in our web logs.');

  // Clone it, add an empty one, remove that again.
  await page.getByRole('button', { name: 'Clone vulnerability 1' }).click();
  await expect(vulnerabilities(page)).toHaveCount(2);
  const second = vulnerability(page, 2);
  await expect(second.getByRole('textbox', { name: 'Vector String' })).toHaveValue(vector);
  await expect(second.locator('.rbt-token')).toHaveText([/CWE-79/, /CWE-89/]);
  await page.getByRole('button', { name: 'Add Vulnerability' }).click();
  await expect(vulnerabilities(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove vulnerability 3' }).click();
  await expect(vulnerabilities(page)).toHaveCount(2);
  await second.getByRole('textbox', { name: 'Description' }).clear();

  // Submit with answers missing: every missing one says so, and nothing is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldBlock(page.getByRole('textbox', { name: 'Product' }))).toContainText(
    'This field is required.',
  );
  await expect(fieldBlock(second.getByRole('textbox', { name: 'Description' }))).toContainText(
    'This field is required.',
  );
  await expect(
    fieldBlock(page.getByRole('group', { name: 'Do you have plans to disclose this vulnerability?' })),
  ).toContainText('This field is required.');
  await expect(page.getByRole('textbox', { name: 'Product' })).toBeFocused();
  await expect(page).toHaveURL(/\/cvdp\/report$/);

  await page.getByRole('textbox', { name: 'Product' }).fill('Acme Shop 2.3');
  await second.getByRole('textbox', { name: 'Description' }).fill('The same flaw in the admin search.');
  await answer(page, 'Do you have plans to disclose this vulnerability?', 'Yes');
  await page
    .getByRole('textbox', { name: 'Disclosure plans' })
    .fill('A blog post 90 days after the vendor was told.');
  await page.getByRole('button', { name: 'Submit' }).click();

  // The reporter's list, newest first, leads to the case.
  await page.waitForURL(/\/cvdp\/reports\/$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: title }).click();
  await page.waitForURL(/\/cvdp\/cases\/\d+$/);
  const caseUrl = page.url();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const report = page.getByRole('group', { name: 'Report' });
  await expect(report).toContainText('Acme Shop 2.3');
  await expect(report).toContainText('CWE-79, CWE-89');
  await expect(report).toContainText(vector);
  await expect(report).toContainText('The same flaw in the admin search.');
  await expect(page.getByRole('button', { name: 'View original report' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'poc.py' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('poc.py');

  // Edit: the form loads prefilled; the edit lands back on the case.
  await page.getByRole('link', { name: 'Edit report' }).click();
  await page.waitForURL(/\/cvdp\/cases\/\d+\/report\/edit\/$/);
  await expect(
    page.getByText('Editing keeps a copy of the original report for the case coordinators.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(vulnerability(page, 1).getByRole('textbox', { name: 'Vector String' })).toHaveValue(vector);
  await expect(vulnerabilities(page)).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Remove vulnerability 2' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(caseUrl);
  await expect(page.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Report' })).not.toContainText(
    'The same flaw in the admin search.',
  );

  // A coordinator sees the edited copy and can open the original.
  const context = await browser.newContext();
  const coordinatorPage = await context.newPage();
  await signInThroughPage(coordinatorPage, coordinator);
  await coordinatorPage.goto(caseUrl);
  await expect(coordinatorPage.getByRole('heading', { name: `${title} (edited)` })).toBeVisible();
  await coordinatorPage.getByRole('button', { name: 'View original report' }).click();
  // What changed: the title (old → new) and the second vulnerability, removed.
  const changes = coordinatorPage.getByRole('group', { name: 'Changes since the original report' });
  await expect(changes.locator('[data-change="changed"] del').first()).toHaveText(title);
  await expect(changes.locator('[data-change="changed"] ins').first()).toHaveText(`${title} (edited)`);
  await expect(
    changes.locator('[data-change="removed"]', { hasText: 'The same flaw in the admin search.' }),
  ).toHaveCount(1);
  await context.close();
});

test('Cancel leaves the new form for My reports and the edit form for the case, storing nothing', async ({
  page,
}) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  await page.goto('/cvdp/report');
  await page.getByLabel('Title').fill('Never sent');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Something was typed: leaving asks first.
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(/\/cvdp\/reports\/$/);
  await expect(page.getByText('No data ...')).toBeVisible();

  // A case to edit, submitted through the API the page uses.
  const id = await submitReport(page, 'Cancel me', [{ description: 'A bug' }], { product: 'Widget' });

  await page.goto(`/cvdp/cases/${id}/report/edit/`);
  await expect(page.getByLabel('Title')).toHaveValue('Cancel me');
  await page.getByLabel('Title').fill('Changed but cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(new RegExp(`/cvdp/cases/${id}$`));
  await expect(page.getByRole('heading', { name: 'Cancel me' })).toBeVisible();
});
