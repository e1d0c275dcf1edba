// Threads end to end (issue 10): a coordinator opens a thread restricted to a vendor group, attaches a file
// and posts; the vendor's member — in another browser, the thread already open — sees the post arrive
// without a reload, replies and reacts; the coordinator sees the reply arrive, pins it, edits their own post,
// and the post's history shows the diff.
import { expect, test, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { csrfOf, submitReport, vendorGroupWithMember } from './support/cases.ts';

const postBy = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text }).last();

test('a coordinator and a vendor hold a thread live: file, reply, reaction, pin, edit and its history', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const groupName = `Gadget PSIRT ${stamp}`;
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cora Coordinator ${stamp}`),
  ]);
  const vendor = await vendorGroupWithMember(groupName, `Vera Vendor ${stamp}`);

  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Thread flow ${stamp}`);

  // The coordinator activates the case and adds the vendor group through the case APIs.
  const coordContext = await browser.newContext();
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  const headers = { 'X-CSRFToken': await csrfOf(coord) };
  const activate = await coord.request.patch(`/api/cases/${caseId}/`, { data: { status: 1 }, headers });
  expect(activate.status(), await activate.text()).toBe(200);
  const added = await coord.request.post(`/api/case/${caseId}/participants/`, {
    data: { names: [groupName], role: 'vendor' },
    headers,
  });
  expect(added.status(), await added.text()).toBeLessThan(300);

  // A new thread, restricted to the vendor group.
  await coord.goto(`/cvdp/cases/${caseId}/threads`);
  await coord.getByRole('button', { name: 'New thread' }).click();
  const dialog = coord.getByRole('dialog', { name: 'New thread' });
  await dialog.getByLabel('Subject').fill('Fix timeline');
  await dialog.getByLabel('Only for chosen participants').check();
  await dialog.getByLabel(`${groupName} (vendor)`).check();
  await dialog.getByRole('button', { name: 'Create thread' }).click();
  await expect(coord.getByRole('heading', { name: /Fix timeline/ })).toBeVisible();
  await expect(coord.getByText('Restricted')).toBeVisible();
  const threadUrl = coord.url();
  expect(threadUrl).toMatch(/\/threads\?thread=\d+$/);

  // The vendor's member opens the thread (empty so far) in their own browser.
  const vendorContext = await browser.newContext();
  const ven = await vendorContext.newPage();
  await signInThroughPage(ven, vendor);
  await ven.goto(threadUrl);
  await expect(ven.getByRole('heading', { name: /Fix timeline/ })).toBeVisible();
  await expect(ven.getByText('No posts yet.')).toBeVisible();

  // The coordinator attaches a file (it is linked in the draft) and posts.
  await coord.getByLabel('Attach a file').setInputFiles({
    name: 'patch-notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Fixed in 2.1.0\n'),
  });
  const draft = coord.getByRole('textbox', { name: 'New post' });
  await expect(draft).toHaveValue(/\[patch-notes\.txt\]\(.*\/download\/\)/);
  await draft.press('Home');
  await draft.pressSequentially('The fix ships on **May 20**. ');
  // Preview shows the server's rendering, which is the post's HTML once posted (the link to the file too).
  await coord.getByRole('button', { name: 'Preview' }).click();
  const preview = coord.getByTestId('post-preview').locator('.post-body');
  await expect(preview.locator('strong')).toHaveText('May 20');
  const previewed = await preview.innerHTML();
  await coord.getByRole('button', { name: 'Write' }).click();
  await coord.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postBy(coord, 'The fix ships on May 20')).toBeVisible();
  await expect(postBy(coord, 'The fix ships on May 20').locator('.post-body strong')).toHaveText('May 20');
  expect(await postBy(coord, 'The fix ships on May 20').locator('.post-body').innerHTML()).toBe(previewed);

  // Live: the vendor sees it without reloading, with the file's link.
  const vendorSees = postBy(ven, 'The fix ships on May 20');
  await expect(vendorSees).toBeVisible({ timeout: 15_000 });
  await expect(vendorSees.getByRole('link', { name: 'patch-notes.txt' })).toBeVisible();

  // The vendor replies and reacts.
  await vendorSees.getByRole('button', { name: 'Reply' }).click();
  await ven.getByRole('textbox', { name: /Reply to/ }).fill('We can meet May 20.');
  await ven.getByRole('button', { name: 'Send reply' }).click();
  const reply = ven.getByRole('list', { name: 'Replies' }).getByRole('article');
  await expect(reply).toContainText('We can meet May 20.');
  await vendorSees.getByRole('button', { name: 'Add a reaction' }).first().click();
  await vendorSees.getByRole('button', { name: /^thumbs up on post / }).click();
  await expect(vendorSees.getByRole('button', { name: 'thumbs up: 1, yours' })).toBeVisible();
  await ven.screenshot({ path: 'test-results/threads-vendor.png', fullPage: true });

  // The coordinator sees the reply and the reaction arrive, and pins the reply: it moves to the top.
  const coordReply = coord.getByRole('list', { name: 'Replies' }).getByRole('article');
  await expect(coordReply).toContainText('We can meet May 20.', { timeout: 15_000 });
  await expect(
    postBy(coord, 'The fix ships on May 20').getByRole('button', { name: 'thumbs up: 1' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await coordReply.getByRole('button', { name: 'Pin' }).click();
  const pinned = coord.getByRole('region', { name: 'Pinned posts' });
  await expect(pinned).toContainText('We can meet May 20.');
  await expect(coord.getByRole('article').first()).toContainText('We can meet May 20.');

  // The coordinator edits their own post; it says "edited", and its history shows the diff.
  // (By its id: while it is edited, its text is in the edit box, not in the article's text.)
  const ownId = await postBy(coord, 'The fix ships on May 20').getAttribute('data-post-id');
  const own = coord.locator(`article[data-post-id="${ownId}"]`);
  await own.getByRole('button', { name: 'Edit' }).click();
  const editBox = own.getByRole('textbox', { name: 'Edit post' });
  await editBox.fill((await editBox.inputValue()).replace('May 20', 'May 27'));
  await own.getByRole('button', { name: 'Save' }).click();
  const edited = postBy(coord, 'The fix ships on May 27');
  await expect(edited.getByText('edited', { exact: true })).toBeVisible();
  await edited.getByRole('button', { name: 'History' }).click();
  const history = coord.getByRole('dialog', { name: 'Post history' });
  // A word diff: the changed word struck out and the new one marked, no patch headers.
  const changes = history.getByRole('figure', { name: 'Changes from version 1' });
  await expect(changes).toContainText('The fix ships on **May');
  await expect(changes.locator('del')).toContainText('20');
  await expect(changes.locator('ins')).toContainText('27');
  await expect(history).not.toContainText('@@');
  await coord.screenshot({ path: 'test-results/threads-history.png', fullPage: true });

  // The vendor sees the edit live too.
  await expect(postBy(ven, 'The fix ships on May 27')).toBeVisible({ timeout: 15_000 });

  await vendorContext.close();
  await coordContext.close();
});
