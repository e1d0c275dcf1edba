// Each role's first hour (issue 24), walked in the browser on what `npm run seed:demo` writes (the `demo`
// server): the reporter submits a report; the coordinator activates the oldest new report and adds its
// vendor; the vendor says its status on a case waiting for it; the scorer locks a KEV record of the queue
// and scores it; the administrator approves the pending registration and renames a tag. Every screen the
// walk passes is checked with axe and for control names shared by controls that do different things at
// 1280 px; each role's home and main screen again at 390 px, where the page must not scroll sideways; and
// every other screen of the role's menu at both widths (menuScreens). The reporter fills the report form
// and the vendor answers its status with the keyboard only (Tab, typing, arrows, Space, Enter). A second
// run on the same server (CI's retry, or --repeat-each) starts from what the first left: each test takes
// the oldest report, the first case or tag still waiting, and where the seed had only one thing (the
// pending user) or the first run left a lock, it deals with that first.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, servers } from './support/servers.ts';
import { registerAccount, signInThroughPage } from './support/accounts.ts';
import { openAdministration } from './support/navigation.ts';
import { expectNoSeriousAxeViolations, pageWidth } from './support/checks.ts';

test.use({ baseURL: servers.demo.url });

/** The demo users (services/platform/tools/seed-demo/people.ts), all with the password the server set. */
const demoUser = (name: string) => ({ email: `${name}@demo.cvdp.test`, password: DEMO_PASSWORD });
const REPORTER = demoUser('reporter');
const COORDINATOR = demoUser('coordinator');
const VENDOR = demoUser('vendor');
const SCORER = demoUser('scorer');
const ADMIN = demoUser('admin');
/** The vendor user's group. */
const VENDOR_GROUP = 'Acme Corp';

const dialog = (page: Page) => page.getByRole('dialog');
const secondRun = () => test.info().retry > 0 || test.info().repeatEachIndex > 0;

/**
 * Waits until the screen's heading is there and nothing is loading, then runs axe on it (which also checks
 * that no two controls that do different things share a name).
 */
async function checkScreen(page: Page, what: string, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('.spinner-border')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, what);
}

/** At 390 px: each screen (reached by `open`) passes axe and needs no sideways scrolling. */
async function atPhoneWidth(
  page: Page,
  screens: { what: string; heading: string | RegExp; open: () => Promise<unknown> }[],
) {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const s of screens) {
    await s.open();
    await checkScreen(page, `${s.what} at 390 px`, s.heading);
    // The layout follows the new width within a frame or two: poll rather than read once.
    await expect.poll(() => pageWidth(page), { message: `${s.what} at 390 px` }).toBeLessThanOrEqual(390);
  }
}

/**
 * Opens an address as the app's own links do (the router follows the history), without loading the app
 * again: what a menu link does, and axe stays loaded in the page (support/checks.ts).
 */
const openInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/**
 * The screens of the role's menu the walk does not pass otherwise (issue 24: axe on every screen of each
 * role at both widths): each opened once, checked at 1280 px, then at 390 px (no sideways scrolling).
 */
async function menuScreens(page: Page, screens: [path: string, heading: string][]) {
  for (const [path, heading] of screens) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openInApp(page, path);
    await checkScreen(page, heading, heading);
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, `${heading} at 390 px`, heading);
    await expect.poll(() => pageWidth(page), { message: `${heading} at 390 px` }).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Keyboard only: Tab until `target` has the focus, as someone without a mouse reaches it; fails when it is
 * not in the tab order within `most` presses.
 */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with Tab: ${target.toString()}`);
}

/** Keyboard only: a Yes/No question answered (Tab into its radios, an arrow or Space picks). */
async function answerByKeyboard(page: Page, scope: Locator, question: string, value: 'Yes' | 'No') {
  const group = scope.getByRole('group', { name: question });
  await tabTo(page, group.getByLabel('Yes', { exact: true }));
  await page.keyboard.press(value === 'Yes' ? 'Space' : 'ArrowRight');
  await expect(group.getByLabel(value, { exact: true })).toBeChecked();
}

test('the reporter submits a report from their reports page', async ({ page }) => {
  const title = `Open redirect in the Acme Portal sign-in ${Date.now()}`;
  await signInThroughPage(page, REPORTER);
  await expect(page).toHaveURL(/\/cvdp\/reports\/$/);
  await checkScreen(page, 'My reports', 'My reports');

  await page.getByRole('navigation').getByRole('link', { name: 'Report a vulnerability' }).click();
  await checkScreen(page, 'the report form', /report a vulnerability/i);
  // Keyboard only (issue 24): Tab to each field, type, an arrow or Space for a radio, Enter to send.
  const form = page.locator('form');
  const type = async (field: Locator, text: string) => {
    await tabTo(page, field);
    await page.keyboard.type(text);
  };
  await type(page.getByRole('textbox', { name: 'Title' }), title);
  await type(page.getByRole('textbox', { name: 'Product' }), 'Acme Portal 2.3');
  await answerByKeyboard(page, form, 'Have you notified the vendor?', 'No');
  await type(page.getByRole('textbox', { name: 'Vendor contact' }), 'security@acme.example');
  await answerByKeyboard(page, form, 'Do you have plans to disclose this vulnerability?', 'No');
  const vulnerability = page.getByRole('region', { name: 'Vulnerability 1', exact: true });
  await type(
    vulnerability.getByRole('textbox', { name: 'Description' }),
    'The next= parameter of the sign-in page sends users to any site after they sign in.',
  );
  await answerByKeyboard(page, vulnerability, 'Do you want to provide a CVSS score?', 'No');
  await answerByKeyboard(page, vulnerability, 'Has this vulnerability been publicly disclosed?', 'No');
  await tabTo(page, page.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');

  // Back on their reports, the new one waits for a coordinator; its case page opens from there.
  await page.waitForURL(/\/cvdp\/reports\/$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Pending');
  await row.getByRole('link', { name: title }).click();
  await checkScreen(page, "the reporter's new case", title);

  await atPhoneWidth(page, [
    { what: 'My reports', heading: 'My reports', open: () => page.goto('/cvdp/reports/') },
    { what: 'the report form', heading: /report a vulnerability/i, open: () => page.goto('/cvdp/report') },
  ]);
  // The rest of everyone's menu (My cases and All cases are the coordinator's, with more in them).
  await menuScreens(page, [
    ['/cvdp/search', 'Search'],
    ['/cvdp/notifications', 'Notifications'],
    ['/cvdp/account', 'Account'],
  ]);
});

test('the coordinator activates the oldest new report and adds its vendor', async ({ page }) => {
  await signInThroughPage(page, COORDINATOR);
  await checkScreen(page, 'the desk', 'Desk of Cora Coordinator');

  await page.getByRole('link', { name: 'Open triage' }).click();
  await checkScreen(page, 'triage', 'Triage');
  // Oldest first: the first row is the report that has waited longest.
  const oldest = page.getByRole('table').getByRole('row').nth(1).getByRole('link').nth(1);
  const title = (await oldest.textContent())!;
  await oldest.click();
  await checkScreen(page, 'a new case', title);
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // The vendor is the company the product is named after ("… of Initech Payroll 2.0": Initech), found by
  // that word in the contacts typeahead.
  const company = /\bof (\w+)/.exec(title)![1];
  await page.getByRole('link', { name: 'Participants' }).click();
  const add = page.getByRole('form', { name: 'Add participants' });
  await add.getByLabel('Add people or groups').fill(company);
  await page.getByRole('option', { name: new RegExp(`^${company}.*vendor group`) }).click();
  await add.getByLabel('Role').selectOption('vendor');
  await add.getByRole('button', { name: 'Add' }).click();
  // Confirmed in the app's toast region.
  await expect(page.getByRole('status', { name: 'Confirmations' }).getByText('Added 1.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: new RegExp(`^Role of ${company}`) })).toHaveValue('vendor');
  await checkScreen(page, 'the case participants', title);
  const participants = page.url();

  await atPhoneWidth(page, [
    { what: 'the desk', heading: 'Desk of Cora Coordinator', open: () => page.goto('/cvdp/') },
    { what: 'triage', heading: 'Triage', open: () => page.goto('/cvdp/triage') },
    { what: 'the case participants', heading: title, open: () => page.goto(participants) },
  ]);
  // At 390 px each participant is a block: the name whole on its line, the role select wide enough to read.
  const role = page.getByRole('combobox', { name: new RegExp(`^Role of ${company}`) });
  expect((await role.boundingBox())!.width, 'the role select at 390 px').toBeGreaterThan(150);
  await expect(role).toHaveValue('vendor');

  await menuScreens(page, [
    ['/cvdp/my-cases', 'My cases'],
    ['/cvdp/cases', 'All cases'],
    ['/cvdp/dashboard', 'Dashboard'],
  ]);
});

test('the vendor says its status on a case waiting for it', async ({ page }) => {
  await signInThroughPage(page, VENDOR);
  await checkScreen(page, "the vendor's open cases", 'Welcome, Victor Vendor');
  // The home lists the cases waiting for the vendor's status first, marked.
  const cases = page.getByRole('table', { name: 'Your open cases' });
  const waiting = cases.getByRole('row').filter({ hasText: 'Waiting for your status' }).first();
  await expect(waiting).toBeVisible();
  const caseId = Number((await waiting.getByRole('cell').first().textContent())!.replace('#', ''));
  await waiting.getByRole('link').click();
  await page.waitForURL(new RegExp(`/cvdp/cases/${caseId}$`));
  await checkScreen(page, 'a case (vendor)', /./);
  await page.getByRole('link', { name: 'Vulnerabilities', exact: true }).click();
  const grid = page.getByRole('table', { name: 'Status of each vendor for each vulnerability' });
  const unknown = grid.getByRole('button', { name: new RegExp(`^${VENDOR_GROUP}, .*: Unknown\\. Edit$`) });
  const cell = (await unknown.first().getAttribute('aria-label'))!;
  const vul = cell.slice(`${VENDOR_GROUP}, `.length, -': Unknown. Edit'.length);
  await checkScreen(page, 'the vulnerabilities tab (vendor)', /./);

  // Keyboard only (issue 24): Tab to the cell, Enter opens the dialog; type to pick the status, Tab to
  // each field, Enter on Save.
  await tabTo(page, grid.getByRole('button', { name: cell }));
  await page.keyboard.press('Enter');
  const status = page.getByRole('dialog', { name: `Status: ${VENDOR_GROUP} · ${vul}` });
  await expect(status).toBeVisible();
  await tabTo(page, status.getByRole('combobox', { name: 'Status' }));
  await page.keyboard.type('Fixed');
  await expect(status.getByRole('combobox', { name: 'Status' })).toHaveValue('fixed');
  await tabTo(page, status.getByLabel('Fixed versions'));
  await page.keyboard.type('next release');
  await tabTo(page, status.getByLabel('Statement'));
  await page.keyboard.type('Fixed in our next release; we will tell you the date.');
  await expectNoSeriousAxeViolations(page, 'the vendor status dialog', { include: '.modal' });
  await tabTo(page, status.getByRole('button', { name: 'Save status' }));
  await page.keyboard.press('Enter');
  await expect(status).toBeHidden();
  await expect(grid.getByRole('button', { name: `${VENDOR_GROUP}, ${vul}: Fixed. Edit` })).toBeVisible();

  await atPhoneWidth(page, [
    { what: "the vendor's open cases", heading: 'Welcome, Victor Vendor', open: () => page.goto('/cvdp/') },
    {
      what: 'the vulnerabilities tab (vendor)',
      heading: /./,
      open: () => page.goto(`/cvdp/cases/${caseId}/vulnerabilities`),
    },
  ]);
});

test('the scorer locks a KEV record of the queue and scores it', async ({ page }) => {
  await signInThroughPage(page, SCORER);
  await expect(page).toHaveURL(/\/cvdp\/scoring$/);
  await checkScreen(page, 'the scoring queue', 'Scoring queue');

  // What is known to be exploited comes first: the queue filtered to CISA's KEV, its first record.
  await page.getByLabel('KEV').selectOption('1');
  await expect(page).toHaveURL(/kev=1/);
  const first = page.getByRole('table', { name: 'Vulnerabilities to score' }).getByRole('row').nth(1);
  await expect(first.getByText('KEV', { exact: true })).toBeVisible();
  const cve = (await first.getAttribute('aria-label'))!;
  await first.getByRole('link', { name: cve }).click();
  await checkScreen(page, 'a vulnerability to score', new RegExp(cve));
  // A second run finds the first one's lock, held by this scorer: it lets it go first.
  const unlock = page.getByRole('button', { name: 'Unlock', exact: true });
  if (secondRun() && (await unlock.isVisible())) await unlock.click();
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByTestId('lock-banner')).toContainText('You hold the lock');

  // CVSS 4.0 in the calculator: the default vector with every impact on the vulnerable system high.
  const cvss4 = page.getByRole('region', { name: 'CVSS 4.0' });
  for (const metric of ['Confidentiality', 'Integrity', 'Availability'])
    await cvss4
      .getByRole('group', { name: `Vulnerable System ${metric} Impact (V${metric[0]})` })
      .locator('label', { hasText: 'High (H)' })
      .click();
  await cvss4.getByRole('button', { name: 'Save CVSS 4.0 score' }).click();
  await expect(cvss4.getByText(/^9\.3 CRITICAL/)).toBeVisible();
  await checkScreen(page, 'a vulnerability scored', new RegExp(cve));

  await atPhoneWidth(page, [
    { what: 'the scoring queue', heading: 'Scoring queue', open: () => page.goto('/cvdp/scoring') },
    {
      what: 'a vulnerability to score',
      heading: new RegExp(cve),
      open: () => page.goto(`/cvdp/scoring/vuls/${cve}`),
    },
  ]);
  await menuScreens(page, [
    ['/cvdp/scoring/predisclosure', 'Predisclosure'],
    ['/cvdp/scoring/cpe', 'CPE search'],
    ['/cvdp/scoring/work', 'Priorities and assignments'],
    ['/cvdp/scoring/insights', 'Insights'],
    ['/cvdp/cve/accounts', 'CVE accounts'],
  ]);
});

test('the administrator approves the pending registration and renames a tag', async ({ page }) => {
  // The seed's one pending registration was approved by a first run: a second one registers another.
  if (secondRun()) await registerAccount(servers.demo.url, 'Pat Pending');
  await signInThroughPage(page, ADMIN);
  await checkScreen(page, 'the desk (admin)', 'Desk of Ada Admin');

  await openAdministration(page, 'Pending users');
  await checkScreen(page, 'Pending users', 'Pending users');
  const pending = page.getByRole('row', { name: /Pat Pending/ });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(pending).toHaveCount(0);

  await openAdministration(page, 'Tags');
  await checkScreen(page, 'Tags', 'Tags');
  const caseTags = page.getByRole('table', { name: 'Case tags' });
  const edit = caseTags.getByRole('button', { name: /^Edit case tag / }).first();
  const tag = (await edit.getAttribute('aria-label'))!.slice('Edit case tag '.length);
  const renamed = `${tag} (renamed)`;
  await edit.click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(renamed);
  await expectNoSeriousAxeViolations(page, 'the tag edit dialog', { include: '.modal' });
  await dialog(page).getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'renamed' })).toContainText(
    `Tag “${tag}” renamed to “${renamed}” on`,
  );
  await expect(caseTags.getByRole('button', { name: `Edit case tag ${renamed}` })).toBeVisible();
  await checkScreen(page, 'Tags after the rename', 'Tags');

  await atPhoneWidth(page, [
    { what: 'the desk (admin)', heading: 'Desk of Ada Admin', open: () => page.goto('/cvdp/') },
    { what: 'Pending users', heading: 'Pending users', open: () => page.goto('/cvdp/admin/users/pending') },
  ]);
  // The rest of the Administration menu.
  await menuScreens(page, [
    ['/cvdp/admin/users', 'Users'],
    ['/cvdp/admin/csaf/profiles', 'CSAF profiles'],
    ['/cvdp/admin/resolutions', 'Resolutions'],
    ['/cvdp/admin/vul-attributes', 'Vulnerability attributes'],
    ['/cvdp/admin/connections', 'Connections'],
    ['/cvdp/admin/email/templates', 'Email templates'],
    ['/cvdp/admin/audit', 'Audit log'],
    ['/cvdp/scoring/ingest', 'Ingest CVE records'],
  ]);
});
