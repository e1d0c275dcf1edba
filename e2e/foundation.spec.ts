import { expect, test } from '@playwright/test';
import { ADMIN, servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { openAdministration } from './support/navigation.ts';

test('a reporter signs in through the page, sees the layout for their role, and signs out', async ({
  page,
}) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  // A page opened signed out asks who is signed in without a failed request the console would show.
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.goto('/cvdp/account');
  await expect(page).toHaveURL(/\/cvdp\/login\?next=%2Fcvdp%2Faccount/);
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await page.getByLabel('Email').fill(reporter.email);
  await page.getByLabel('Password').fill(reporter.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where they wanted to go.
  await expect(page).toHaveURL(/\/cvdp\/account$/);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Report a vulnerability' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pending users' })).toHaveCount(0);
  await nav.getByRole('button', { name: reporter.name }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/cvdp\/login/);
  await page.goto('/cvdp/');
  await expect(page).toHaveURL(/\/cvdp\/login/);
});

test('a wrong password shows a clear message', async ({ page }) => {
  await page.goto('/cvdp/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Unable to sign in with the provided email and password.',
  );
});

test('a new user registers, waits for approval, an admin approves them, and they sign in', async ({
  page,
  browser,
}) => {
  const email = `register-${Date.now()}@example.test`;
  await page.goto('/cvdp/register');
  await page.getByLabel('Name').fill('Rita Reporter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Use at least 10 characters.')).toBeVisible();
  await page.getByLabel('Password').fill('a good long password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeVisible();
  // Signing in before approval leads back to the same explanation.
  await page.goto('/cvdp/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a good long password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughPage(admin, ADMIN);
  await openAdministration(admin, 'Pending users');
  const row = admin.getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  await adminContext.close();

  // A reporter's home is their reports.
  await signInThroughPage(page, { email, password: 'a good long password' });
  await expect(page).toHaveURL(/\/cvdp\/reports\/$/);
  await expect(page).toHaveTitle('My reports · CVDP');
  // A signed-in user who opens the sign-in page again is taken into the app.
  await page.goto('/cvdp/login');
  await expect(page).toHaveURL(/\/cvdp\/reports\/$/);
});

test('deep links reload into the app and unknown pages say so', async ({ page }) => {
  const reporter = await createAccount(servers.main.url);
  await signInThroughPage(page, reporter);
  await page.goto('/cvdp/account');
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await page.goto('/cvdp/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test.describe('session timeout (35 s configured)', () => {
  test.use({ baseURL: servers.shortSession.url });

  test("the modal counts down, 'I'm still here!' keeps the session, and letting it run out signs the user out", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const user = await createAccount(servers.shortSession.url);
    await signInThroughPage(page, user);
    const modal = page.getByRole('dialog');
    // 35 s timeout, prompted 30 s before idle: the modal appears after about 5 s without activity.
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await expect(modal.getByText('Session Timeout')).toBeVisible();
    await expect(modal).toContainText(
      /Hey! Are you still there\? Your session will be ending in \d+ seconds\./,
    );
    const first = Number((await modal.textContent())!.match(/ending in (\d+) seconds/)![1]);
    await page.waitForTimeout(2_100);
    const later = Number((await modal.textContent())!.match(/ending in (\d+) seconds/)![1]);
    expect(later).toBeLessThan(first);

    await modal.getByRole('button', { name: "I'm still here!" }).click();
    await expect(modal).toBeHidden();
    const stillIn = await page.request.get('/api/user/');
    expect(stillIn.status()).toBe(200);

    // Now leave it alone: the modal returns and, at zero, the page signs out and reloads to sign-in.
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    await page.waitForURL(/\/cvdp\/login/, { timeout: 60_000 });
    const after = await page.request.get('/api/user/');
    expect(after.status()).toBe(401);
  });
});

test('a user asks to join a group from their account page and an admin approves it', async ({
  page,
  browser,
}) => {
  const admin = await apiSignIn(servers.main.url, ADMIN.email, ADMIN.password);
  const groupName = `Group ${Date.now()}`;
  expect(
    (await admin.api.post('/manage/groups/', { data: { name: groupName }, headers: admin.headers })).status(),
  ).toBe(201);
  await admin.api.dispose();

  const user = await createAccount(servers.main.url);
  await signInThroughPage(page, user);
  await page.goto('/cvdp/account');
  await expect(page.getByText('You do not belong to any group yet.')).toBeVisible();
  await page.getByLabel('Group to join').selectOption({ label: `${groupName} (vendor)` });
  await page.getByLabel('Message to the administrators').fill('I am their PSIRT lead');
  await page.getByRole('button', { name: 'Ask to join' }).click();
  await expect(page.getByText('Your request was sent to the administrators.')).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughPage(adminPage, ADMIN);
  await adminPage.goto('/cvdp/admin/users/pending');
  const row = adminPage.getByRole('row', { name: new RegExp(groupName) });
  await expect(row).toContainText('I am their PSIRT lead');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByRole('row', { name: new RegExp(groupName) })).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(page.getByText(`You belong to: ${groupName} (vendor).`)).toBeVisible();
});
