// Transfers (issue 14), the sending side's screen: on a case page a coordinator opens Transfer, sees
// 'No data ...' for a case never transferred, chooses a connection and starts; the steps' progress is
// polled until the transfer is done (every step done, the receiver's case id shown). The e2e server is its
// own connection target: the connection's base URL is its own address and the token it presents is the one
// it accepts. Axe clean; screenshots at 1280 and 390 px without sideways scrolling.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { submitReport } from './support/cases.ts';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The dialog's own content (the case page behind it is another feature's, tested by its own spec). */
async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).include('.modal').withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `${what}:\n${serious.join('\n')}`).toEqual([]);
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageWidth(page), `${name} at 390 px`).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

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
  await expectNoSeriousAxeViolations(coord, 'transfer dialog, nothing transferred');

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
  await expectNoSeriousAxeViolations(coord, 'transfer dialog, transfer done');
  await screenshots(coord, 'transfer-dialog');

  // The receiving side (the same server) made a new case in triage from it.
  const remote = Number((await card.textContent())!.match(/Their case #(\d+)/)![1]);
  expect(remote).not.toBe(caseId);
  const other = await coord.request.get(`/api/cases/${remote}/`);
  expect(other.status()).toBe(200);
  expect(((await other.json()) as { title: string; status: number }).status).toBe(0);
  await context.close();
});
