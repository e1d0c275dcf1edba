// A long thread (issue 26 item 3): a vendor who read the first 100 of 250 posts opens the thread at the
// first new one under "150 new since your last visit", jumps to the latest, and writes a post that lands on
// the third page — the view moves to it and the composer confirms. Posts are seeded through the API.
import { expect, test, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

const postText = (n: number) => `Seeded post #${n}.`;
const postBy = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text }).last();

test('a 250-post thread opens at the first unread post, jumps to the latest, and shows the post just written', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const groupName = `Longthread PSIRT ${stamp}`;
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cora Long ${stamp}`),
  ]);
  const vendor = await vendorGroupWithMember(groupName, `Vera Long ${stamp}`);
  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Long thread ${stamp}`);

  const coordContext = await browser.newContext();
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, [groupName]);
  await coordContext.close();

  // 250 posts by the coordinator, ten at a time.
  const staff = await apiSignIn(servers.main.url, coordinator.email, coordinator.password);
  const created = await staff.api.post(`/api/case/${caseId}/threads/`, {
    data: { subject: 'Coordination with Acme' },
    headers: staff.headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: threadId } = (await created.json()) as { id: number };
  for (let n = 1; n <= 250; n += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await staff.api.post(`/api/case/thread/${threadId}/posts/`, {
          data: { content: postText(n + i) },
          headers: staff.headers,
        });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
  await staff.api.dispose();

  // The vendor read the first page earlier (reading marks it read): 150 are new to them.
  const asVendor = await apiSignIn(servers.main.url, vendor.email, vendor.password);
  const first = await asVendor.api.get(`/api/case/thread/${threadId}/posts/`);
  expect(first.status()).toBe(200);
  const firstPage = (await first.json()) as { results: { id: number; content: string }[] };
  await asVendor.api.dispose();
  const read = new Set(firstPage.results.map((p) => p.content));

  const ven = await (await browser.newContext()).newPage();
  await signInThroughPage(ven, vendor);
  await ven.goto(`/cvdp/cases/${caseId}/threads?thread=${threadId}`);
  const marker = ven.getByText('150 new since your last visit');
  await expect(marker).toBeInViewport();
  // The first new post (under the marker) is the one after the last read: its page, not the first, was loaded.
  const firstNew = ven.locator('.thread-post', { has: marker }).getByRole('article').first();
  await expect(firstNew).toBeInViewport();
  expect(read.has((await firstNew.locator('.post-body').first().innerText()).trim())).toBe(false);
  await expect(ven.getByRole('button', { name: 'Load older posts' })).toBeVisible();
  await expectNoSeriousAxeViolations(ven, 'a long thread opened at its first unread post');
  await screenshots(ven, 'long-thread-first-unread');

  await ven.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(postBy(ven, postText(250))).toBeInViewport();

  // The vendor's post is the 251st: on the third page, and on screen once written.
  const mine = `Acme ships the fix on June 3 ${stamp}`;
  await ven.getByRole('button', { name: 'Oldest first' }).click();
  await ven.getByRole('textbox', { name: 'New post' }).fill(mine);
  await ven.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(ven.getByText('Your post is in the thread.')).toBeVisible();
  await expect(postBy(ven, mine)).toBeInViewport();
  await expect(ven.getByRole('textbox', { name: 'New post' })).toHaveValue('');
});
