import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeByRole } from './HomeByRole.tsx';
import { caseRow, fakeDeskCalls, page, renderAt, userWith } from './test-utils.tsx';

vi.mock('../notifications/index.ts', () => ({
  UnreadCount: () => '4',
  UnreadLink: () => <a href="/cvdp/notifications?unread=1">4 unread notifications</a>,
  ActionNeeded: () => <h2>Action needed (1)</h2>,
}));
let calls: ReturnType<typeof fakeDeskCalls>;
beforeEach(() => {
  calls = fakeDeskCalls();
});
afterEach(() => vi.restoreAllMocks());

describe('HomeByRole', () => {
  it('a coordinator lands on their desk: triage count, unread notifications, their open cases', async () => {
    calls.triage.mockResolvedValue(page([], 7));
    calls.cases.mockResolvedValue(page([caseRow({ title: 'Mine' })], 1));
    const user = userWith(['coordinator'], 'Cora');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    expect(await screen.findByRole('heading', { name: 'Desk of Cora' })).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open triage' })).toHaveAttribute('href', '/cvdp/triage');
    expect(await screen.findByRole('link', { name: 'Mine' })).toHaveAttribute('href', '/cvdp/cases/12');
    expect(calls.cases).toHaveBeenCalledWith(expect.objectContaining({ owned: 'True', status: [0, 1] }));
    expect(document.title).toBe('Desk · CVDP');
  });

  it('a desk past the count cap shows "1,000+" waiting for triage and in my open cases', async () => {
    calls.triage.mockResolvedValue({ ...page([], 1000), count_capped: true });
    calls.cases.mockResolvedValue({ ...page([caseRow({ title: 'Mine' })], 1000), count_capped: true });
    const user = userWith(['coordinator'], 'Cora');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    expect(await screen.findAllByText('1,000+')).toHaveLength(2);
  });

  it("the coordinator's desk lists the embargoes ending in the next 14 days, soonest first", async () => {
    vi.useFakeTimers({ now: new Date('2027-03-30T12:00:00Z'), toFake: ['Date'] });
    calls.triage.mockResolvedValue(page([], 0));
    calls.cases.mockImplementation(async (p) =>
      p.embargo_ends_before
        ? page([
            caseRow({ id: 5, title: 'Later', embargo_ends: '2027-04-08T12:00:00Z' }),
            caseRow({ id: 4, title: 'Sooner', embargo_ends: '2027-04-01T15:00:00Z' }),
          ])
        : page([]),
    );
    const user = userWith(['coordinator'], 'Cora');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    const section = await screen.findByRole('region', { name: 'Embargoes ending in the next 14 days' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(section).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: '#4 Sooner' })).toHaveAttribute('href', '/cvdp/cases/4');
    expect(first).toHaveTextContent('in 2 days 3 hours');
    expect(first).toHaveTextContent('2027-04-01 15:00 UTC');
    expect(second).toHaveTextContent('#5 Later');
    // The window: 14 days from when the desk opened.
    expect(calls.cases).toHaveBeenCalledWith(
      expect.objectContaining({ embargo_ends_before: '2027-04-13T12:00:00.000Z' }),
    );
    vi.useRealTimers();
  });

  it('the desk says so when no embargo ends soon', async () => {
    calls.triage.mockResolvedValue(page([], 0));
    calls.cases.mockResolvedValue(page([]));
    const user = userWith(['coordinator'], 'Cora');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    expect(await screen.findByText('No embargo ends in the next 14 days.')).toBeInTheDocument();
  });

  it('a vendor (a role other than reporter in a case) lands on their open cases', async () => {
    calls.cases.mockResolvedValue(page([caseRow({ title: 'Vendor case', role: 'vendor' })]));
    const user = userWith(['reporter'], 'Vera');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    expect(await screen.findByRole('heading', { name: 'Your open cases' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Vendor case' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 unread notifications' })).toBeInTheDocument();
    expect(calls.triage).not.toHaveBeenCalled();
  });

  it('the vendor home puts the cases waiting for its status first, marked', async () => {
    calls.cases.mockResolvedValue(
      page([
        caseRow({ id: 1, title: 'Answered case', role: 'vendor' }),
        caseRow({ id: 2, title: 'Waiting case', role: 'vendor', awaiting_my_status: true }),
      ]),
    );
    const user = userWith(['reporter'], 'Vera');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    const table = await screen.findByRole('table', { name: 'Your open cases' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Waiting case');
    expect(within(first).getByText('Waiting for your status')).toBeInTheDocument();
    expect(second).toHaveTextContent('Answered case');
    expect(within(second).queryByText('Waiting for your status')).toBeNull();
    expect(screen.getByText('1 case is waiting for your status.')).toBeInTheDocument();
  });

  it('a scorer lands on the scoring queue, without asking for cases', async () => {
    const user = userWith(['scorer', 'reporter'], 'Sam');
    const { path } = renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    await waitFor(() => expect(path()).toBe('/cvdp/scoring'));
    expect(await screen.findByText('Scoring queue page')).toBeInTheDocument();
    expect(calls.cases).not.toHaveBeenCalled();
    expect(calls.triage).not.toHaveBeenCalled();
  });

  it('a reporter lands on their reports', async () => {
    calls.cases.mockResolvedValue(page([caseRow({ role: 'reporter' })]));
    const user = userWith(['reporter'], 'Rita');
    const { path } = renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    await waitFor(() => expect(path()).toBe('/cvdp/reports/'));
    expect(await screen.findByText('My reports page')).toBeInTheDocument();
  });
});
