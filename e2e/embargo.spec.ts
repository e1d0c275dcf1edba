// The embargo end to end (issue 25): a coordinator proposes an embargo on a case with three vendors from the
// card in the case header; one vendor accepts on its screen, another through the API; the coordinator puts
// it into effect (the card says who agreed); the third vendor asks for an extension on its screen, and the
// coordinator accepts it. The card shows the new end in local time and UTC with a countdown, and the log
// view says "Log verified". (Publication at the end is added with the publication work.)
import { expect, test, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { expectNoSeriousAxeViolations, expectUniqueControlNames, screenshots } from './support/checks.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const card = (page: Page) => page.getByRole('region', { name: /^Embargo/ });

test('three vendors: proposed, two accept, one asks for an extension, the coordinator accepts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const names = ['Alpha', 'Beta', 'Gamma'].map((n) => `${n} PSIRT ${stamp}`);
  const [reporter, coordinator, ...members] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cleo Coordinator ${stamp}`),
    ...names.map((n, i) => vendorGroupWithMember(n, `Member ${i + 1} ${stamp}`)),
  ]);

  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `Embargoed router ${stamp}`);

  const coordContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, names);

  // The coordinator proposes the first end from the card.
  await coord.goto(`/cvdp/cases/${caseId}`);
  await expect(card(coord)).toContainText('No embargo');
  const dialog = coord.getByRole('dialog', { name: 'Propose an embargo' });
  // The card may still be settling (its embargo query answering) when the button first shows: a click that
  // lands on the button being replaced opens nothing, so click until the dialog is there.
  await expect(async () => {
    if (!(await dialog.isVisible()))
      await card(coord).getByRole('button', { name: 'Propose embargo' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByLabel('End date').fill(inDays(30));
  await dialog.getByLabel('Reason').fill('The vendors need a month for a fix.');
  await expectNoSeriousAxeViolations(coord, 'the embargo proposal dialog', { include: '.modal' });
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await expect(coord.getByRole('status', { name: 'Confirmations' })).toContainText('Embargo end proposed');
  await expect(card(coord)).toContainText('Proposed');
  await expect(card(coord)).toContainText(`${inDays(30)} 12:00 UTC`);

  // Vendor 1 accepts on its screen (by keyboard); vendor 2 through the API.
  const vendorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const vendor = await vendorContext.newPage();
  await signInThroughPage(vendor, members[0]);
  await vendor.goto(`/cvdp/cases/${caseId}`);
  const accept = card(vendor).getByRole('button', { name: 'Accept end' });
  await accept.focus();
  await vendor.keyboard.press('Enter');
  await expect(vendor.getByRole('status', { name: 'Confirmations' })).toContainText(
    'You accepted the proposed end.',
  );
  await expect(card(vendor)).toContainText(`${names[0]}: accepted`);

  const second = await apiSignIn(servers.main.url, members[1].email, members[1].password);
  const view = (await (await second.api.get(`/api/case/${caseId}/embargo/`)).json()) as {
    open_proposal: { id: number };
  };
  const answered = await second.api.patch(`/api/case/embargo/proposals/${view.open_proposal.id}/`, {
    data: { answer: 'accept' },
    headers: second.headers,
  });
  expect(answered.status(), await answered.text()).toBe(200);
  await second.api.dispose();

  // The coordinator puts it into effect: the card says who agreed and who did not answer.
  await coord.reload();
  await expect(card(coord)).toContainText(`${names[2]}: not answered`);
  await card(coord).getByRole('button', { name: 'Put proposal into effect' }).click();
  await expect(coord.getByRole('status', { name: 'Confirmations' })).toContainText('now in effect');
  await expect(card(coord)).toContainText('Active');
  await expect(card(coord)).toContainText(`accepted: ${names[0]}, ${names[1]}`);
  await expect(card(coord)).toContainText(`not answered: ${names[2]}`);

  // Vendor 3 asks for an extension.
  const thirdContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const third = await thirdContext.newPage();
  await signInThroughPage(third, members[2]);
  await third.goto(`/cvdp/cases/${caseId}`);
  await card(third).getByRole('button', { name: 'Request extension' }).click();
  const ask = third.getByRole('dialog', { name: 'Request an extension' });
  await ask.getByLabel('End date').fill(inDays(45));
  await ask.getByLabel('Reason').fill('Our fix ships two weeks later.');
  await ask.getByRole('button', { name: 'Request' }).click();
  await expect(third.getByRole('status', { name: 'Confirmations' })).toContainText('Extension requested.');
  await expect(card(third)).toContainText('Change proposed');

  // The coordinator accepts the extension: the new end, in both times, with a countdown.
  await coord.reload();
  await expect(card(coord)).toContainText(`${names[2]} asks a new end`);
  await card(coord).getByRole('button', { name: 'Put proposal into effect' }).click();
  await expect(coord.getByRole('status', { name: 'Confirmations' })).toContainText('now in effect');
  await expect(card(coord)).toContainText('Active');
  await expect(card(coord)).toContainText(`${inDays(45)} 12:00 UTC`);
  await expect(card(coord)).toContainText(/in 4[45] days/);
  await expect(card(coord)).toContainText('Log verified');

  // The log view: every step, verified.
  await card(coord).getByRole('button', { name: 'Show embargo log' }).click();
  const log = coord.getByRole('region', { name: 'Embargo log' });
  await expect(log).toContainText('Log verified');
  await expect(log.getByRole('listitem')).toHaveCount(6);
  await expectNoSeriousAxeViolations(coord, 'the case page with the embargo card and its log');
  await screenshots(coord, 'embargo-card');

  // The vendor sees the same agreement at any time.
  await vendor.reload();
  await expect(card(vendor)).toContainText(`${inDays(45)} 12:00 UTC`);
  await expectNoSeriousAxeViolations(vendor, 'the vendor’s case page with the embargo card');

  // The vendor's case list: filtered by the embargo end, the case says when it becomes public.
  await vendor.goto(`/cvdp/cases?embargo_ends_before=${inDays(46)}`);
  await expect(vendor.getByLabel('Embargo ends before')).toHaveValue(inDays(46));
  const row = vendor.getByRole('row').filter({ hasText: `Embargoed router ${stamp}` });
  await expect(row).toContainText(/4[45] days/);
  await expectNoSeriousAxeViolations(vendor, 'the case list with the Public in column');
  await expectUniqueControlNames(vendor, 'the case list with the embargo filter');
  await screenshots(vendor, 'embargo-case-list');
  await Promise.all([coordContext.close(), vendorContext.close(), thirdContext.close()]);
});
