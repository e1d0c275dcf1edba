// Second factors in the browser (issue 27): an authenticator app enrolled on the account page (the test
// computes the codes with the same TOTP library an app would use), then a sign-in with password + code and
// one with a recovery code; axe and the phone width on each new screen.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount, signInThroughPage, type Account } from './support/accounts.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

/** The app's code `steps` 30-second steps from now (each step is accepted once). */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function signOut(page: Page, account: Account) {
  await page.getByRole('navigation').getByRole('button', { name: account.name }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/cvdp\/login/);
}

async function passwordStep(page: Page, account: Account) {
  await page.goto('/cvdp/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test('an authenticator app: enrolled on the account page, then signing in with a code and with a recovery code', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, ['coordinator']);
  await signInThroughPage(page, account);
  await page.goto('/cvdp/account');
  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!;
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'account page, adding an authenticator app');
  await screenshots(page, 'second-factor-enrol');
  await page.getByLabel('Code from your authenticator app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
  expect(codes).toHaveLength(10);
  await expect(page.getByRole('button', { name: 'Remove Authenticator app' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'account page, recovery codes');
  await screenshots(page, 'second-factor-recovery-codes');

  await signOut(page, account);
  await passwordStep(page, account);
  await expectNoSeriousAxeViolations(page, 'sign-in, second step');
  await screenshots(page, 'second-factor-step');
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not correct.');
  await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/cvdp\/(?!login)/);

  await signOut(page, account);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/cvdp\/(?!login)/);
  await page.goto('/cvdp/account');
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
});
