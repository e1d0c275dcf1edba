import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Test support: the release call is faked where it leaves the app.
import { coordinationApi } from '../../lib/api-client.ts';
import { Toasts } from '../../components/Toasts.tsx';
import { clearToasts } from '../../lib/toast.ts';
import { TriagePage } from './TriagePage.tsx';
import { fakeDeskCalls, page, renderAt } from './test-utils.tsx';

let calls: ReturnType<typeof fakeDeskCalls>;
beforeEach(() => {
  calls = fakeDeskCalls();
});
afterEach(() => vi.restoreAllMocks());

describe('TriagePage', () => {
  it('lists each waiting case with its reporter, product and submitted time, linking to the case', async () => {
    calls.triage.mockResolvedValue(
      page([
        {
          id: 31,
          title: 'Buffer overflow in router',
          reporter: { id: 3, name: 'Rita Reporter' },
          product: 'Acme Router 2',
          submitted: '2026-05-01T10:05:00Z',
        },
      ]),
    );
    renderAt(<TriagePage />, '/cvdp/triage');
    const link = await screen.findByRole('link', { name: 'Buffer overflow in router' });
    expect(link).toHaveAttribute('href', '/cvdp/cases/31');
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: '#31' })).toHaveAttribute('href', '/cvdp/cases/31');
    expect(within(row).getAllByText('Rita Reporter').length).toBeGreaterThan(0);
    expect(within(row).getAllByText('Acme Router 2').length).toBeGreaterThan(0);
    expect(within(row).getByText(/^2026-05-01 \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByText('1 report waiting')).toBeInTheDocument();
    expect(document.title).toBe('Triage · CVDP');
  });

  it("says 'No data ...' when nothing waits", async () => {
    calls.triage.mockResolvedValue(page([]));
    renderAt(<TriagePage />, '/cvdp/triage');
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
  });

  it('keeps the words and the page in the URL', async () => {
    calls.triage.mockResolvedValue(page([], 50));
    const { search } = renderAt(<TriagePage />, '/cvdp/triage?query=router&page=2');
    await screen.findByText('Page 2 of 3');
    expect(calls.triage).toHaveBeenLastCalledWith({ query: 'router', page: 2, page_size: 20 });
    const box = screen.getByLabelText('Words in title or report');
    expect(box).toHaveValue('router');
    await userEvent.clear(box);
    await userEvent.type(box, 'acme');
    await waitFor(() => expect(search().get('query')).toBe('acme'));
    expect(search().has('page')).toBe(false);
    await waitFor(() =>
      expect(calls.triage).toHaveBeenLastCalledWith({ query: 'acme', page: 1, page_size: 20 }),
    );
  });

  it('shows the held reports in their own section and releases one into the queue', async () => {
    const heldRow = {
      id: 44,
      title: 'Flood report',
      reporter: { id: 5, name: 'Nina Newcomer' },
      product: 'Acme Router 2',
      submitted: '2026-05-02T08:00:00Z',
    };
    calls.triage.mockImplementation(async (params) => page(params.held === 'true' ? [heldRow] : []));
    const post = vi
      .spyOn(coordinationApi, 'post')
      .mockResolvedValue({ data: { case: 44, released: '2026-05-02T09:00:00Z' } });
    clearToasts();
    const { search } = renderAt(
      <>
        <TriagePage />
        <Toasts />
      </>,
      '/cvdp/triage',
    );
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Release report/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Held' }));
    await waitFor(() => expect(search().get('held')).toBe('1'));
    expect(calls.triage).toHaveBeenLastCalledWith({ page: 1, page_size: 20, held: 'true' });
    expect(await screen.findByText('1 report held')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Held' })).toHaveAttribute('aria-current', 'page');

    calls.triage.mockImplementation(async () => page([]));
    await userEvent.click(screen.getByRole('button', { name: 'Release report #44: Flood report' }));
    expect(post).toHaveBeenCalledWith('api/case/44/release/');
    // The list is asked again: the released report has left the Held section.
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
    expect(await screen.findByText('Report #44 released into the triage queue.')).toBeInTheDocument();
  });
});
