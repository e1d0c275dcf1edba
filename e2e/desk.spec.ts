// The desk end to end (issue 9): a coordinator sees a new report in the triage queue, finds it by a word of
// its description in Search, sees it in My cases once they own it, and reads the unread count on the bell
// drop to nothing with "Mark all read". A reporter lands on their reports.
import { expect, test } from '@playwright/test';
import { servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { submitReport } from './support/cases.ts';

test('a coordinator works the desk: triage, search, My cases, the unread count', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Desk flow ${stamp}`;
  // A word found only in the description (the search is over report answers too).
  const word = `quokka${stamp}`;
  const [reporter, coordinator, colleague] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Desk Coordinator ${stamp}`),
    createAccount(servers.main.url, ['coordinator'], `Desk Colleague ${stamp}`),
  ]);

  // A reporter lands on their reports.
  await signInThroughPage(page, reporter);
  await page.goto('/cvdp/');
  await page.waitForURL(/\/cvdp\/reports\/$/);
  const caseId = await submitReport(
    page,
    title,
    [{ description: `The upload handler trusts the ${word} header blindly.` }],
    { product: 'Desk Widget 3' },
  );

  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInThroughPage(desk, coordinator);

  // The desk: the triage count; the queue lists the new case, linking to it.
  await desk.goto('/cvdp/');
  await expect(desk.getByRole('heading', { name: `Desk of ${coordinator.name}` })).toBeVisible();
  await desk.getByRole('link', { name: 'Triage', exact: true }).click();
  await desk.waitForURL(/\/cvdp\/triage$/);
  await desk.getByLabel('Words in title or report').fill(title);
  await desk.waitForURL(/query=/);
  const row = desk.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(reporter.name);
  await expect(row).toContainText('Desk Widget 3');
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/cvdp/cases/${caseId}`);

  // Search finds it by a word of its description, live as one types.
  await desk.getByRole('link', { name: 'Search', exact: true }).click();
  await desk.getByLabel('Words to find in cases and reports').fill(word);
  const hits = desk.getByRole('list', { name: 'Search results' });
  await expect(hits.getByRole('link', { name: new RegExp(title) }).first()).toHaveAttribute(
    'href',
    `/cvdp/cases/${caseId}`,
  );
  await expect(hits.locator('mark', { hasText: word }).first()).toBeVisible();
  expect(new URL(desk.url()).searchParams.get('query')).toBe(word);

  // A colleague makes the coordinator an owner: the case is in their My cases, and they are told.
  const asColleague = await apiSignIn(servers.main.url, colleague.email, colleague.password);
  const added = await asColleague.api.post(`/api/case/${caseId}/participants/`, {
    form: { 'names[]': coordinator.email, role: 'owner' },
    headers: asColleague.headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  await asColleague.api.dispose();

  await desk.goto('/cvdp/my-cases');
  await expect(desk.getByRole('link', { name: title })).toHaveAttribute('href', `/cvdp/cases/${caseId}`);

  // The bell shows the unread count; Mark all read clears it.
  const bell = desk.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(desk.getByRole('link', { name: new RegExp(`case #${caseId}`) }).first()).toBeVisible();
  await desk.getByRole('button', { name: 'Mark all read' }).click();
  await expect(desk.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await desk.reload();
  await expect(desk.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await desk.screenshot({ path: 'test-results/desk-my-cases.png', fullPage: true });
  await context.close();
});
