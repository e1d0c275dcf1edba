// Second factors in the browser (issue 27): an authenticator app enrolled on the account page (the test
// computes the codes with the same TOTP library an app would use), then a sign-in with password + code and
// one with a recovery code; a passkey through Chromium's virtual authenticator; axe and the phone width on
// each new screen; and the administrator's requirement, on a server of its own (turned on where other specs
// run, it would send their staff to enrol): a coordinator without a factor is sent to enrol at sign-in.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount, signInThroughPage, type Account } from './support/accounts.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';
import { ADMIN, servers } from './support/servers.ts';

/** The app's code `steps` 30-second steps from now (each step is accepted once). */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function signOut(page: Page, account: Account) {
  await page.getByRole('navigation').getByRole('button', { name: account.name }).click();
  // Signing out shows the sign-in page at once, then loads it afresh (window.location): wait for that load,
  // or the test's own navigation races it ("interrupted by another navigation").
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/cvdp\/login/);
}

async function passwordStep(page: Page, account: Account) {
  await page.goto('/cvdp/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

/** Sign out, then in again with the password and a recovery code instead of the app's code. */
async function signInAgainWithRecoveryCode(page: Page, account: Account, code: string) {
  await signOut(page, account);
  await passwordStep(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/cvdp\/(?!login)/);
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
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
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

  await signInAgainWithRecoveryCode(page, account, codes[0]);
  await page.goto('/cvdp/account');
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
});

test('a passkey: registered on the account page with a virtual authenticator, then used as the second step', async ({
  page,
  baseURL,
}) => {
  // WebAuthn needs a domain, never an IP address: the page is opened at localhost (the same server).
  const local = baseURL!.replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await createAccount(baseURL!, ['scorer']);
  await page.goto(`${local}/cvdp/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/cvdp\/(?!login)/);
  await page.goto(`${local}/cvdp/account`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Passkey' })).toBeVisible();

  await signOut(page, account);
  await page.goto(`${local}/cvdp/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'sign-in, passkey step');
  await screenshots(page, 'second-factor-passkey-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.waitForURL(/\/cvdp\/(?!login)/);
  await page.goto(`${local}/cvdp/account`);
  await expect(
    page
      .getByRole('row', { name: /Passkey/ })
      .getByRole('cell')
      .nth(3),
  ).not.toHaveText('—');
});

test.describe('an administrator requires a second factor of staff', () => {
  test.use({ baseURL: servers.secondFactorRequired.url });

  test('a coordinator without one is sent to enrol at sign-in, then signs in with a recovery code', async ({
    page,
    baseURL,
  }) => {
    const coordinator = await createAccount(baseURL!, ['coordinator']);
    const admin = { ...ADMIN, name: 'Administrator' };
    await signInThroughPage(page, admin);
    await page.goto('/cvdp/admin/users');
    const policy = page.getByRole('form', { name: 'Second factor requirement' });
    await policy.getByLabel(/^Require a second factor of /).check();
    await policy.getByLabel('Grace period (days)').fill('0');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/manage/second-factors/') && r.request().method() === 'PUT',
    );
    await policy.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.context().clearCookies();

    await page.goto('/cvdp/login');
    await page.getByLabel('Email').fill(coordinator.email);
    await page.getByLabel('Password').fill(coordinator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Add an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    await expectNoSeriousAxeViolations(page, 'sign-in, enrolment required');
    await screenshots(page, 'second-factor-required-enrol');
    await page.getByLabel('Code from your authenticator app').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor authentication is on' })).toBeVisible();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/cvdp\/(?!login)/);

    await signInAgainWithRecoveryCode(page, coordinator, codes[0]);
  });
});
