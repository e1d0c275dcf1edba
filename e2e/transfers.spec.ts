// Transfers (issue 14), the sending side's screen: on a case page a coordinator opens Transfer, sees
// 'No data ...' for a case never transferred, chooses a connection and starts; the steps' progress is
// polled until the transfer is done (every step done, the receiver's case id shown). The e2e server is its
// own connection target: the connection's base URL is its own address and the token it presents is the one
// it accepts. Axe clean; screenshots at 1280 and 390 px without sideways scrolling.
import { expect, test } from '@playwright/test';
import { ADMIN, servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { submitReport } from './support/cases.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

test('a coordinator transfers a case to a connected instance and watches each step finish', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const token = `e2e-self-connection-token-${stamp}`;
  const admin = await apiSignIn(servers.main.url, ADMIN.email, ADMIN.password);
  const made = await admin.api.post('/manage/connections/', {
    data: { name: `Mirror ${stamp}`, base_url: `${servers.main.url}/`, token, incoming_token: token },
    headers: admin.headers,
  });
  expect(made.status(), await made.text()).toBe(201);
  await admin.api.dispose();

  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Tess Transfer ${stamp}`),
  ]);
  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Moving case ${stamp}`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coord = await context.newPage();
  await signInThroughPage(coord, coordinator);
  await coord.goto(`/cvdp/cases/${caseId}`);
  await coord.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = coord.getByRole('dialog', { name: 'Transfer case' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No data ...')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Start transfer' })).toBeDisabled();
  await expectNoSeriousAxeViolations(coord, 'transfer dialog, nothing transferred', { include: '.modal' });

  await dialog.getByLabel('Connection').selectOption({ label: `Mirror ${stamp}` });
  await dialog.getByRole('button', { name: 'Start transfer' }).click();
  const card = dialog.getByRole('region', { name: /^Transfer \d+$/ });
  await expect(card).toContainText(`To Mirror ${stamp}`);
  // Polled until done: every step done, the receiving case's id shown.
  await expect(card.getByText('done').first()).toBeVisible({ timeout: 60_000 });
  await expect(card.locator('p').first()).toContainText('done', { timeout: 60_000 });
  await expect(card).toContainText(/Their case #\d+/);
  for (const step of ['Report', 'Threads', 'Vulnerabilities', 'Advisory', 'Files', 'Status (VEX)']) {
    await expect(
      card.getByRole('row', { name: new RegExp(`^${step.replace(/[()]/g, '\\$&')}`) }),
    ).toContainText('done');
  }
  await expect(card.getByRole('row', { name: /^Report/ })).toContainText('1 / 1');
  await expectNoSeriousAxeViolations(coord, 'transfer dialog, transfer done', { include: '.modal' });
  await screenshots(coord, 'transfer-dialog');

  // The receiving side (the same server) made a new case in triage from it.
  const remote = Number((await card.textContent())!.match(/Their case #(\d+)/)![1]);
  expect(remote).not.toBe(caseId);
  const other = await coord.request.get(`/api/cases/${remote}/`);
  expect(other.status()).toBe(200);
  expect(((await other.json()) as { title: string; status: number }).status).toBe(0);
  await context.close();
});
