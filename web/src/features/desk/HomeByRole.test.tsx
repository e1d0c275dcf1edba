import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCases, fetchTriage } from './api.ts';
import { HomeByRole } from './HomeByRole.tsx';
import { caseRow, page, renderAt, userWith } from './test-utils.tsx';

vi.mock('./api.ts', () => ({ DESK_PAGE_SIZE: 20, fetchCases: vi.fn(), fetchTriage: vi.fn() }));
vi.mock('../notifications/index.ts', () => ({
  UnreadCount: () => '4',
  UnreadLink: () => <a href="/cvdp/notifications?unread=1">4 unread notifications</a>,
}));
const cases = vi.mocked(fetchCases);
const triage = vi.mocked(fetchTriage);
afterEach(() => vi.clearAllMocks());

describe('HomeByRole', () => {
  it('a coordinator lands on their desk: triage count, unread notifications, their open cases', async () => {
    triage.mockResolvedValue(page([], 7));
    cases.mockResolvedValue(page([caseRow({ title: 'Mine' })], 1));
    const user = userWith(['coordinator'], 'Cora');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    expect(await screen.findByRole('heading', { name: 'Desk of Cora' })).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open triage' })).toHaveAttribute('href', '/cvdp/triage');
    expect(await screen.findByRole('link', { name: 'Mine' })).toHaveAttribute('href', '/cvdp/cases/12');
    expect(cases).toHaveBeenCalledWith(expect.objectContaining({ owned: true, status: [0, 1] }));
    expect(document.title).toBe('Desk · CVDP');
  });

  it('a vendor (a role other than reporter in a case) lands on their open cases', async () => {
    cases.mockResolvedValue(page([caseRow({ title: 'Vendor case', role: 'vendor' })]));
    const user = userWith(['reporter'], 'Vera');
    renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    expect(await screen.findByRole('heading', { name: 'Your open cases' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Vendor case' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 unread notifications' })).toBeInTheDocument();
    expect(triage).not.toHaveBeenCalled();
  });

  it('a reporter lands on their reports', async () => {
    cases.mockResolvedValue(page([caseRow({ role: 'reporter' })]));
    const user = userWith(['reporter'], 'Rita');
    const { path } = renderAt(<HomeByRole user={user} />, '/cvdp/', user);
    await waitFor(() => expect(path()).toBe('/cvdp/reports/'));
    expect(screen.getByText('My reports page')).toBeInTheDocument();
  });
});
