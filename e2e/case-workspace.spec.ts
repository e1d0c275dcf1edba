// The case workspace end to end (issue 9): a reporter submits a report; a coordinator finds it waiting in
// triage, activates it, adds a vendor group and a co-owner, and reads the activity; a member of the vendor
// group then opens the case, while a stranger gets the Not-found page.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';

/** A report submitted through the API the page uses, as the signed-in user of `page`; returns the case id. */
async function submitReport(page: Page, title: string): Promise<number> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
  const report = [
    { question: 'Title', answer: title },
    { question: 'Product', answer: 'Widget 2.0' },
    { question: 'Have you notified the vendor?', answer: 'No' },
    { question: 'Vendor contact', answer: 'psirt@widget.example' },
    { question: 'Do you have plans to disclose this vulnerability?', answer: 'No' },
    {
      question: 'Describe the vulnerabilities',
      answer: [
        [
          { question: 'Description', answer: 'The search box builds SQL from the query text.' },
          { question: 'Do you want to provide a CVSS score?', answer: 'No' },
          { question: 'Has this vulnerability been publicly disclosed?', answer: 'No' },
        ],
      ],
    },
  ];
  const created = await page.request.post('/api/report/', {
    multipart: { report: JSON.stringify(report) },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A vendor group with one member, made through the admin API (the member asks to join, the admin approves). */
async function vendorGroupWithMember(name: string) {
  const member = await createAccount(servers.main.url, ['reporter'], `Vera Vendor ${Date.now()}`);
  const admin = await apiSignIn(servers.main.url, ADMIN.email, ADMIN.password);
  const group = await admin.api.post('/manage/groups/', {
    data: { name, kind: 'vendor' },
    headers: admin.headers,
  });
  expect(group.status(), await group.text()).toBe(201);
  const { id: groupId } = (await group.json()) as { id: number };

  const asMember = await apiSignIn(servers.main.url, member.email, member.password);
  const ask = await asMember.api.post('/api/group/request/', {
    data: { group: groupId },
    headers: asMember.headers,
  });
  expect(ask.status(), await ask.text()).toBe(201);
  const { id: requestId } = (await ask.json()) as { id: number };
  await asMember.api.dispose();

  const approve = await admin.api.patch(`/manage/groups/requests/${requestId}/`, {
    data: { status: 'approved' },
    headers: admin.headers,
  });
  expect(approve.status(), await approve.text()).toBe(200);
  await admin.api.dispose();
  return member;
}

test('a coordinator takes a new report from triage to a case with a vendor group; the vendor sees it, a stranger does not', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Workspace flow ${stamp}`;
  const groupName = `Widget PSIRT ${stamp}`;
  const [reporter, coordinator, coOwner, stranger] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cora Coordinator ${stamp}`),
    createAccount(servers.main.url, ['coordinator'], `Otto Owner ${stamp}`),
    createAccount(servers.main.url, ['reporter']),
  ]);
  const vendor = await vendorGroupWithMember(groupName);

  // The reporter submits.
  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, title);

  // The coordinator finds it in the triage queue. (The desk's Triage screen is built in parallel and not on
  // main yet: the queue is read through its API, and the case opened by its address.)
  const context = await browser.newContext();
  const desk = await context.newPage();
  await signInThroughPage(desk, coordinator);
  const triage = await desk.request.get('/api/triage/', { params: { query: title } });
  expect(triage.status()).toBe(200);
  const queue = (await triage.json()) as { results: { id: number; title: string }[] };
  expect(queue.results.map((r) => r.id)).toContain(caseId);

  await desk.goto(`/cvdp/cases/${caseId}`);
  await expect(desk.getByRole('heading', { name: title })).toBeVisible();
  await expect(desk.getByText('Pending', { exact: true })).toBeVisible();
  await desk.getByRole('button', { name: 'Activate' }).click();
  await expect(desk.getByText('Active', { exact: true })).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  // Activating an unowned case makes the coordinator its owner.
  await expect(desk.getByText(new RegExp(`Owner ${coordinator.name}`))).toBeVisible();

  // Participants: the vendor group, then a co-owner, through the contacts typeahead; the tab has its address.
  await desk.getByRole('link', { name: 'Participants' }).click();
  await desk.waitForURL(new RegExp(`/cvdp/cases/${caseId}/participants$`));
  const add = desk.getByRole('form', { name: 'Add participants' });
  const who = add.getByLabel('Add people or groups');
  await who.fill(groupName);
  await desk.getByRole('option', { name: new RegExp(groupName) }).click();
  await add.getByLabel('Role').selectOption('vendor');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('Added 1.')).toBeVisible();
  const vendorRow = desk.getByRole('row', { name: new RegExp(groupName) });
  await expect(vendorRow.getByRole('combobox', { name: `Role of ${groupName}` })).toHaveValue('vendor');

  await who.fill(coOwner.email);
  await desk.getByRole('option', { name: new RegExp(coOwner.name) }).click();
  await add.getByLabel('Role').selectOption('owner');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(desk.getByRole('combobox', { name: `Role of ${coOwner.name}` })).toHaveValue('owner');
  await expect(desk.getByLabel('Participants summary')).toContainText('2 owner');

  // The activity tells what happened, newest first.
  await desk.getByRole('link', { name: 'Activity' }).click();
  await desk.waitForURL(new RegExp(`/cvdp/cases/${caseId}/activity$`));
  const entries = desk.getByRole('list', { name: 'Activity entries' }).getByRole('listitem');
  await expect(entries.first()).toContainText('added a participant');
  await expect(desk.getByRole('list', { name: 'Activity entries' })).toContainText(
    `${coordinator.name} activated the case`,
  );
  await desk.screenshot({ path: 'test-results/case-workspace-activity.png', fullPage: true });
  await context.close();

  // The vendor group's member sees the case (My cases is built in parallel: the case page opens for them).
  const vendorContext = await browser.newContext();
  const vendorPage = await vendorContext.newPage();
  await signInThroughPage(vendorPage, vendor);
  const mine = await vendorPage.request.get('/api/cases/?status=0&status=1');
  expect(((await mine.json()) as { results: { id: number }[] }).results.map((r) => r.id)).toContain(caseId);
  await vendorPage.goto(`/cvdp/cases/${caseId}`);
  await expect(vendorPage.getByRole('heading', { name: title })).toBeVisible();
  // No staff action for a vendor.
  await expect(vendorPage.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await vendorContext.close();

  // A stranger gets the Not-found page, as for a case that does not exist.
  await page.context().clearCookies();
  await signInThroughPage(page, stranger);
  await page.goto(`/cvdp/cases/${caseId}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});
