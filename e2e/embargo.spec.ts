// The embargo end to end (issue 25): a coordinator proposes an embargo on a case with three vendors from the
// card in the case header; one vendor accepts on its screen, another through the API; the coordinator puts
// it into effect (the card says who agreed); the third vendor asks for an extension on its screen, and the
// coordinator accepts it. The card shows the new end in local time and UTC with a countdown, and the log
// view says "Log verified". Then publication at the end: with nothing blocking it (set up through the API:
// every vendor's status, a CVE id, a shared revision every vendor approved) the coordinator schedules it "at
// the embargo's end" on the screen; the clock moves past the end, and the advisory is public, the embargo
// over (the card says why no new one can be proposed) and the vendors are told.
import { expect, test, type Page } from '@playwright/test';
import {
  EMBARGO_EXITED,
  type Approval,
  type ApprovalRequestResult,
  type BlockersAnswer,
  type EmbargoView,
  type ScheduleAnswer,
  type VendorStatusGrid,
} from '@cvdp/core';
import { servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, csrfOf, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { resetClock, withClockPast } from './support/clock.ts';
import { expectNoSeriousAxeViolations, expectUniqueControlNames, screenshots } from './support/checks.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const card = (page: Page) => page.getByRole('region', { name: /^Embargo/ });

// The spec moves the main server's clock (support/clock.ts): never leave it ahead, also when the test fails.
let clockMoved = false;
test.afterEach(async () => {
  if (clockMoved) await resetClock();
  clockMoved = false;
});

/**
 * Through the API, as the coordinator signed in on `coord`: a case nothing but its embargo blocks from being
 * published — a vulnerability with a CVE id and a reference, every vendor's status, a shared revision of the
 * advisory that every vendor approved (each member answers for its vendor).
 */
async function publishableAdvisory(
  coord: Page,
  caseId: number,
  title: string,
  members: Record<string, { email: string; password: string }>,
) {
  const headers = { 'X-CSRFToken': await csrfOf(coord) };
  const call = async (method: 'post' | 'patch', url: string, data: object) => {
    const res = await coord.request[method](url, { data, headers });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json() as Promise<unknown>;
  };
  await call('post', `/api/case/${caseId}/vuls/`, {
    description: 'The router’s admin page trusts the X-Forwarded-For header.',
    cve: `CVE-2026-${Date.now()}`,
    references: ['https://router.example/security/SA-1'],
  });
  const grid = (await (
    await coord.request.get(`/api/case/${caseId}/vendors/status/`)
  ).json()) as VendorStatusGrid;
  for (const vendor of grid.vendors)
    await call('post', `/api/case/${caseId}/vendors/status/`, {
      vul: grid.vuls[0].id,
      participant: vendor.participant,
      status: 'affected',
      product: 'Router',
      affected_versions: '2.0',
      fixed_versions: '2.1',
    });
  await call('post', `/api/case/${caseId}/advisory/`, {
    title,
    summary: 'The router’s admin page can be reached from the internet.',
    content: 'Upgrade to 2.1.',
  });
  await call('patch', `/api/case/${caseId}/advisory/latest/`, {
    date_shared: new Date().toISOString().slice(0, 10),
  });
  const asked = (await call('post', `/api/case/${caseId}/approvals/`, {
    all_vendors: true,
  })) as ApprovalRequestResult;
  await Promise.all(
    asked.created.map(async (approval: Approval) => {
      const member = members[approval.participant.name];
      const vendor = await apiSignIn(servers.main.url, member.email, member.password);
      const answered = await vendor.api.patch(`/api/case/approvals/${approval.id}/`, {
        data: { status: 'approved' },
        headers: vendor.headers,
      });
      expect(answered.status(), await answered.text()).toBe(200);
      await vendor.api.dispose();
    }),
  );
  // Only the embargo stands in the way now (a missing piece of the setup would show here by name).
  const blockers = (await (
    await coord.request.get(`/api/case/${caseId}/advisory/blockers/`)
  ).json()) as BlockersAnswer;
  expect(blockers.blockers.map((b) => b.code)).toEqual(['embargo_active']);
}

test('three vendors: proposed, two accept, one asks for an extension, accepted; published at the end', async ({
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

  // ---- Publication at the embargo's end ----
  const title = `Router admin page reachable ${stamp}`;
  await publishableAdvisory(coord, caseId, title, Object.fromEntries(names.map((n, i) => [n, members[i]])));
  // The coordinator schedules it on the screen: the confirmation says what will happen, and when.
  await coord.goto(`/cvdp/cases/${caseId}/advisory`);
  const scheduling = coord.getByRole('region', { name: 'Scheduled publication' });
  await expect(scheduling.getByLabel('At the embargo’s end')).toBeChecked();
  await scheduling.getByRole('button', { name: 'Schedule publication' }).click();
  const confirmed = coord.getByRole('status', { name: 'Confirmations' });
  await expect(confirmed).toContainText('Publication scheduled for ');
  await expect(confirmed).toContainText(`(${inDays(45)} 12:00 UTC)`);
  await expect(confirmed).toContainText(
    'the latest shared revision is published, the embargo ends and the participants are notified',
  );
  const schedule = scheduling.getByRole('group', { name: 'Publication schedule' });
  await expect(schedule).toContainText('scheduled');
  await expect(schedule).toContainText(`At the embargo’s end: `);
  await expect(schedule).toContainText(`(${inDays(45)} 12:00 UTC)`);

  // The clock moves past the end (and back to real time once the worker has published: support/clock.ts).
  const { end } = (await (await coord.request.get(`/api/case/${caseId}/embargo/`)).json()) as EmbargoView;
  clockMoved = true;
  await withClockPast(end!, async () => {
    await expect
      .poll(
        async () =>
          (
            (await (
              await coord.request.get(`/api/case/${caseId}/advisory/publication/`)
            ).json()) as ScheduleAnswer
          ).schedule?.state,
        { message: 'the scheduled publication ran' },
      )
      .toBe('published');
  });
  clockMoved = false;

  // The public page is live for anyone.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/advisories/${caseId}/`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('Upgrade to 2.1.')).toBeVisible();

  // The coordinator's page: published as scheduled; the embargo ended on its date, and no new one can start.
  await coord.reload();
  await expect(schedule).toContainText('published');
  await expect(schedule).toContainText('(revision 1)');
  await coord.goto(`/cvdp/cases/${caseId}`);
  await expect(card(coord)).toContainText('Ended');
  await expect(card(coord)).toContainText('The embargo ended on its date');
  await expect(card(coord)).toContainText(EMBARGO_EXITED);
  await expect(card(coord).getByRole('button', { name: /Propose|End embargo early/ })).toHaveCount(0);
  await expect(card(coord)).toContainText('Log verified');
  await expectNoSeriousAxeViolations(coord, 'the case page with the exited embargo');

  // The vendors are told: the bell of the third vendor lists the publication.
  await third.reload();
  await expect(card(third)).toContainText('Ended');
  await third.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  await expect(
    third.getByRole('link', {
      name: new RegExp(`Revision 1 of the advisory of case #${caseId} was published as scheduled`),
    }),
  ).toBeVisible();
  // …and so are the other two (their notifications, through the API).
  for (const member of members.slice(0, 2)) {
    const them = await apiSignIn(servers.main.url, member.email, member.password);
    const told = (await (await them.api.get('/api/case/notifications/')).json()) as {
      results: { title: string }[];
    };
    expect(told.results.map((n) => n.title)).toContain(
      `Revision 1 of the advisory of case #${caseId} was published as scheduled`,
    );
    await them.api.dispose();
  }
  await Promise.all([
    coordContext.close(),
    vendorContext.close(),
    thirdContext.close(),
    visitorContext.close(),
  ]);
});
