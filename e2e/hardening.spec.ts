// What trying the platform as a new user found (issue 15), checked in the browser: not-found pages instead
// of red alerts, no score beside an invalid vector, no sideways scrolling on a phone, a title per tab, a
// question before a half-filled report is thrown away, why the user was signed out, and axe's WCAG A/AA
// rules on the sign-in page, the report form and the case page (with its Vulnerabilities tab).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { expectNoSeriousAxeViolations, pageWidth } from './support/checks.ts';
import { submitReport } from './support/cases.ts';

const VECTOR = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
const SQL_WITH_SCORE = [{ description: 'The search box builds SQL from the query text.', cvss: VECTOR }];

async function openCalculator(page: Page) {
  await page
    .getByRole('group', { name: 'Do you want to provide a CVSS score?' })
    .getByLabel('Yes', { exact: true })
    .check();
  await expect(page.getByRole('textbox', { name: 'Vector String' })).toBeVisible();
}

test('case addresses that name nothing the user may open show the Not-found page, without a call for bad ids', async ({
  page,
  browser,
}) => {
  const owner = await createAccount(servers.main.url, ['reporter']);
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInThroughPage(ownerPage, owner);
  const othersCase = await submitReport(ownerPage, `Someone else's case ${Date.now()}`, SQL_WITH_SCORE);
  await ownerContext.close();

  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  const caseCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/cases/')) caseCalls.push(r.url());
  });

  for (const id of ['abc', '2147483648']) {
    await page.goto(`/cvdp/cases/${id}/`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the start page' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page).toHaveTitle('Page not found · CVDP');
  }
  await page.goto('/cvdp/cases/abc/report/edit/');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(caseCalls).toEqual([]);

  // A case that exists but is not theirs: the API answers 404, the page says "not found" with a way back.
  await page.goto(`/cvdp/cases/${othersCase}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  // The start page of a reporter is their reports.
  await expect(page).toHaveURL(/\/cvdp\/reports\/$/);
});

test('an invalid vector in the calculator shows its error and no score or badge', async ({ page }) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  await page.goto('/cvdp/report');
  await openCalculator(page);
  const calculator = page.getByRole('region', { name: 'CVSS v4.0 calculator' });
  const vector = calculator.getByRole('textbox', { name: 'Vector String' });
  await vector.fill(VECTOR);
  await expect(calculator.getByLabel('CVSS score')).toHaveText('9.3');
  await expect(calculator.locator('.badge')).toHaveText('CRITICAL');

  await vector.fill('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:Q');
  await expect(vector).toHaveClass(/is-invalid/);
  await expect(calculator.getByText(/invalid metric value 'SA:Q'/)).toBeVisible();
  await expect(calculator.getByLabel('CVSS score')).toHaveCount(0);
  await expect(calculator.locator('.badge')).toHaveCount(0);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the report form, the case page and the admin tables need no sideways scrolling', async ({
    page,
    browser,
  }) => {
    const reporter = await createAccount(servers.main.url, ['reporter']);
    await signInThroughPage(page, reporter);
    await page.goto('/cvdp/report');
    await openCalculator(page);
    await expect(page.getByRole('group', { name: 'Attack Vector (AV)' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    const caseId = await submitReport(page, 'A title long enough to wrap on a phone screen', SQL_WITH_SCORE);
    await page.goto(`/cvdp/cases/${caseId}`);
    await expect(page.getByText(VECTOR)).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.goto(`/cvdp/cases/${caseId}/vulnerabilities`);
    await expect(page.getByText('No vulnerabilities yet.')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    // A registration waiting for approval: its Approve button is on screen, not off to the right.
    const pending = `e2e-narrow-${Date.now()}@example.test`;
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/cvdp/register');
    await visitorPage.getByLabel('Name').fill('Nora Narrow');
    await visitorPage.getByLabel('Email').fill(pending);
    await visitorPage.getByLabel('Password').fill('a good long password');
    await visitorPage.getByRole('button', { name: 'Register' }).click();
    await visitorPage.waitForURL(/awaiting-approval/);
    await visitor.close();

    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await adminContext.newPage();
    await signInThroughPage(admin, ADMIN);
    await admin.goto('/cvdp/admin/users/pending');
    const row = admin.getByRole('row', { name: new RegExp(pending) });
    await expect(row.getByRole('button', { name: 'Approve' })).toBeInViewport();
    expect(await pageWidth(admin)).toBeLessThanOrEqual(390);
    await admin.goto('/cvdp/admin/users');
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(pending);
    await expect(admin.getByRole('button', { name: 'Edit Nora Narrow' })).toBeInViewport();
    expect(await pageWidth(admin)).toBeLessThanOrEqual(390);
    await adminContext.close();
  });
});

test('every page names its tab', async ({ page }) => {
  await page.goto('/cvdp/login');
  await expect(page).toHaveTitle('Sign in · CVDP');
  await page.goto('/cvdp/register');
  await expect(page).toHaveTitle('Create an account · CVDP');
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  // A reporter's home is their reports.
  await expect(page).toHaveTitle('My reports · CVDP');
  await page.goto('/cvdp/report');
  await expect(page).toHaveTitle('New report · CVDP');
  await page.goto('/cvdp/reports/');
  await expect(page).toHaveTitle('My reports · CVDP');
  const caseId = await submitReport(page, 'Titled', SQL_WITH_SCORE);
  await page.goto(`/cvdp/cases/${caseId}`);
  await expect(page).toHaveTitle(`Case #${caseId} · CVDP`);
  await page.goto(`/cvdp/cases/${caseId}/report/edit/`);
  await expect(page).toHaveTitle(`Edit report · Case #${caseId} · CVDP`);
});

test('leaving a half-filled report asks first; Stay keeps the text; a clean form leaves at once', async ({
  page,
}) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  const nav = page.getByRole('navigation');

  await page.goto('/cvdp/report');
  await nav.getByRole('link', { name: 'My reports' }).click();
  await page.waitForURL(/\/cvdp\/reports\/$/);

  await page.goto('/cvdp/report');
  await page.getByRole('textbox', { name: 'Title' }).fill('Half a report');
  await nav.getByRole('link', { name: 'My reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toContainText('Your report has not been submitted.');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/cvdp\/report$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Half a report');

  await nav.getByRole('link', { name: 'My reports' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL(/\/cvdp\/reports\/$/);
});

test('an uploaded .js file declared application/javascript cannot run as a script of the platform', async ({
  page,
}) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  const id = await submitReport(page, 'Script as a proof of concept', [{ description: 'A bug' }], {
    product: 'Widget',
    poc: {
      name: 'exploit.js',
      mimeType: 'application/javascript',
      buffer: Buffer.from('window.__uploadedScriptRan = true;'),
    },
  });
  const files = await page.request.get(`/api/case/${id}/artifacts/`);
  const [{ download_url }] = ((await files.json()) as { results: { download_url: string }[] }).results;

  // A page of the platform (its CSP allows scripts of its own origin) includes the download as a script:
  // served as octet-stream with nosniff, Chromium refuses to run it and fires the element's error event.
  await page.goto('/cvdp/reports/');
  const outcome = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('refused');
        document.head.append(script);
      }).then((how) => ({
        how,
        ran: (window as { __uploadedScriptRan?: boolean }).__uploadedScriptRan === true,
      })),
    download_url,
  );
  expect(outcome).toEqual({ how: 'refused', ran: false });
});

test('a signed-in user whose session ended is told so on the sign-in page', async ({ page }) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  // The session ends on the server (the page does not know): the next call is answered 401.
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
  expect((await page.request.post('/api/auth/logout/', { headers: { 'X-CSRFToken': csrf } })).ok()).toBe(
    true,
  );
  await page.getByRole('navigation').getByRole('link', { name: 'My reports' }).click();
  await page.waitForURL(/\/cvdp\/login/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
});

test('axe finds no serious or critical WCAG A/AA violation on sign-in, the report form, the case page and its Vulnerabilities tab', async ({
  page,
}) => {
  await page.goto('/cvdp/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'sign-in page');

  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  await page.goto('/cvdp/report');
  await openCalculator(page);
  await expectNoSeriousAxeViolations(page, 'report form');

  const caseId = await submitReport(page, 'Checked by axe', SQL_WITH_SCORE);
  await page.goto(`/cvdp/cases/${caseId}`);
  await expect(page.getByRole('heading', { name: 'Checked by axe' })).toBeVisible();
  await expect(page.getByText('No data ...')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'case page');
  await page.goto(`/cvdp/cases/${caseId}/vulnerabilities`);
  await expect(page.getByText('No vulnerabilities yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'vulnerabilities tab');
});

test.describe('inactivity (35 s configured)', () => {
  test.use({ baseURL: servers.shortSession.url });

  test('after the countdown runs out the sign-in page says why', async ({ page }) => {
    test.setTimeout(120_000);
    const user = await createAccount(servers.shortSession.url);
    await signInThroughPage(page, user);
    await page.waitForURL(/\/cvdp\/login/, { timeout: 90_000 });
    await expect(page.getByText('You were signed out after a period of inactivity.')).toBeVisible();
  });
});
