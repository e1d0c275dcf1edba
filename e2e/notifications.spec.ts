// Grouped notifications and Action needed in the browser (issue 26): a vendor whose case has a busy thread
// sees one bell entry for it ("3 new posts in …"), and the request to fill in their status on top of the bell
// and on their home page — the screens pass axe and fit 390 px.
import { expect, test } from '@playwright/test';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, csrfOf, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

test('the bell shows a thread as one grouped entry and Action needed on top', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const groupName = `Bell PSIRT ${stamp}`;
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cora Bell ${stamp}`),
  ]);
  const vendor = await vendorGroupWithMember(groupName, `Vera Vendor ${stamp}`);
  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Bell case ${stamp}`, [
    { description: 'The router trusts any cookie.' },
  ]);

  // The coordinator activates the case with the vendor, makes its vulnerability, notifies the vendor (who
  // is then asked for their status) and writes three posts in one thread.
  const coordContext = await browser.newContext();
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, [groupName]);
  const headers = { 'X-CSRFToken': await csrfOf(coord) };
  const made = await coord.request.post(`/api/case/${caseId}/vuls/from-report/`, { data: {}, headers });
  expect(made.status(), await made.text()).toBe(201);
  const notified = await coord.request.post(`/case/${caseId}/participants/notify/all/`, {
    data: {},
    headers,
  });
  expect(notified.status(), await notified.text()).toBe(200);
  const thread = await coord.request.post(`/api/case/${caseId}/threads/`, {
    data: { subject: 'Coordination with Bell' },
    headers,
  });
  expect(thread.status(), await thread.text()).toBe(201);
  const { id: threadId } = (await thread.json()) as { id: number };
  for (const content of ['First news', 'Second news', 'Third news']) {
    const posted = await coord.request.post(`/api/case/thread/${threadId}/posts/`, {
      data: { content },
      headers,
    });
    expect(posted.status(), await posted.text()).toBe(201);
  }
  await coordContext.close();

  const vendorContext = await browser.newContext();
  const ven = await vendorContext.newPage();
  await signInThroughPage(ven, vendor);
  await ven.goto('/cvdp/');
  // The home page lists the request.
  const actions = ven.getByRole('heading', { name: /^Action needed \(1\)$/ });
  await expect(actions).toBeVisible();
  await expect(
    ven.getByRole('link', { name: new RegExp(`Case #${caseId}: tell the coordinators`) }).first(),
  ).toBeVisible();

  const bell = ven.getByRole('button', { name: /^Notifications, \d+ unread, 1 action needed$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const grouped = ven.getByRole('link', {
    name: new RegExp(`3 new posts in "Coordination with Bell" — latest by Cora Bell ${stamp}`),
  });
  await expect(grouped).toHaveAttribute('href', `/cvdp/cases/${caseId}/threads?thread=${threadId}`);
  await expect(ven.getByRole('heading', { name: 'Action needed (1)' }).last()).toBeVisible();
  await expectNoSeriousAxeViolations(ven, 'home with the bell open (vendor)');
  await screenshots(ven, 'bell-grouped-action-needed');

  // Opening the grouped entry reads it: the bell keeps only the request.
  await grouped.click();
  await expect(
    ven.getByRole('button', { name: /^Notifications, (\d+ unread, )?1 action needed$/ }),
  ).toBeVisible();
  await expect(ven.getByLabel('Notifications', { exact: true })).toHaveValue('default');
  await vendorContext.close();
});
