import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TriageQuality } from '@cvdp/core';
// Test support: the release call is faked where it leaves the app.
import { coordinationApi } from '../../lib/api-client.ts';
import { Toasts } from '../../components/Toasts.tsx';
import { clearToasts } from '../../lib/toast.ts';
import { TriagePage } from './TriagePage.tsx';
import { fakeDeskCalls, page, renderAt } from './test-utils.tsx';

let calls: ReturnType<typeof fakeDeskCalls>;
const STRONG: TriageQuality = { score: 100, label: 'strong', reasons: [], reporter_valid_history: false };
/** One report waiting in the queue. */
const WAITING = {
  id: 31,
  title: 'Buffer overflow in router',
  reporter: { id: 3, name: 'Rita Reporter' },
  product: 'Acme Router 2',
  submitted: '2026-05-01T10:05:00Z',
  quality: STRONG,
};
beforeEach(() => {
  calls = fakeDeskCalls();
});
afterEach(() => vi.restoreAllMocks());

describe('TriagePage', () => {
  it('lists each waiting case with its reporter, product and submitted time, linking to the case', async () => {
    calls.triage.mockResolvedValue(page([WAITING]));
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

  it('a queue past the count cap says "1,000+ reports waiting" and pages on past the last counted page', async () => {
    calls.triage.mockResolvedValue({ ...page([WAITING], 1000), count_capped: true });
    renderAt(<TriagePage />, '/cvdp/triage');
    expect(await screen.findByText('1,000+ reports waiting')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of \d+\+/)).toBeInTheDocument();
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

  it("shows each report's quality label and reasons as text, and a reporter with a valid record", async () => {
    calls.triage.mockResolvedValue(
      page([
        {
          id: 40,
          title: 'Something is wrong',
          reporter: { id: 4, name: 'Nina Newcomer' },
          product: 'Acme',
          submitted: '2026-05-02T10:05:00Z',
          quality: {
            score: 35,
            label: 'weak',
            reasons: ['missing_steps', 'no_poc', 'common_text'],
            reporter_valid_history: false,
          },
        },
        {
          id: 41,
          title: 'Heap overflow in the PNG parser',
          reporter: { id: 5, name: 'Vera Veteran' },
          product: 'Acme Viewer 3.1',
          submitted: '2026-05-02T11:05:00Z',
          quality: {
            score: 85,
            label: 'strong',
            reasons: ['no_poc', 'reporter_valid_history'],
            reporter_valid_history: true,
          },
        },
      ]),
    );
    renderAt(<TriagePage />, '/cvdp/triage');
    const weak = (await screen.findByRole('link', { name: 'Something is wrong' })).closest('tr')!;
    // The wide layout's column (the narrow one repeats it under the title, hidden by CSS at this width).
    const cell = within(weak).getAllByText(/^Weak/)[0].closest('td')!;
    expect(cell).toHaveTextContent('Weak quality, score 35');
    expect(within(cell).getByRole('list', { name: 'Why report #40 scores lower' })).toHaveTextContent(
      'No steps to reproduceNo proof of conceptText matches many other reports',
    );
    const strong = screen.getByRole('link', { name: 'Heap overflow in the PNG parser' }).closest('tr')!;
    expect(within(strong).getAllByText('Reporter with a history of valid reports').length).toBeGreaterThan(0);
    expect(within(strong).getAllByRole('list', { name: 'Why report #41 scores lower' })[0]).toHaveTextContent(
      /^No proof of concept$/,
    );
  });

  it('orders weakest first from the Order box, kept in the URL; oldest first is the default', async () => {
    calls.triage.mockResolvedValue(page([], 0));
    const { search } = renderAt(<TriagePage />, '/cvdp/triage');
    await screen.findByText('No data ...');
    expect(calls.triage).toHaveBeenLastCalledWith({ page: 1, page_size: 20 });
    const order = screen.getByLabelText('Order');
    expect(order).toHaveValue('submitted');
    await userEvent.selectOptions(order, 'Weakest first');
    await waitFor(() => expect(search().get('ordering')).toBe('quality'));
    await waitFor(() =>
      expect(calls.triage).toHaveBeenLastCalledWith({ ordering: 'quality', page: 1, page_size: 20 }),
    );
    await userEvent.selectOptions(order, 'Oldest first');
    await waitFor(() => expect(search().has('ordering')).toBe(false));
  });

  it('shows the held reports in their own section and releases one into the queue', async () => {
    const heldRow = {
      ...WAITING,
      id: 44,
      title: 'Flood report',
      reporter: { id: 5, name: 'Nina Newcomer' },
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
