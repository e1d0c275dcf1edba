import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageOf, SearchHit } from '@cvdp/core';
import { SearchPage } from './SearchPage.tsx';
import { fakeDeskCalls, page, renderAt } from './test-utils.tsx';

let calls: ReturnType<typeof fakeDeskCalls>;
beforeEach(() => {
  calls = fakeDeskCalls();
});
afterEach(() => vi.restoreAllMocks());

const hit = (over: Partial<SearchHit> = {}): SearchHit => ({
  type: 'report',
  case: 12,
  case_title: 'SQL injection in Acme Shop',
  title: 'Report: SQL injection',
  snippet: 'the &lt;login&gt; form allows <mark>injection</mark> of SQL',
  rank: 0.5,
  ...over,
});

describe('SearchPage', () => {
  it('shows type, case, title and the server snippet (its <mark>s as HTML; the title as text)', async () => {
    calls.search.mockResolvedValue(page([hit({ title: '<b>not bold</b>' })]));
    renderAt(<SearchPage />, '/cvdp/search?query=injection');
    const link = await screen.findByRole('link', { name: '<b>not bold</b>' });
    expect(link).toHaveAttribute('href', '/cvdp/cases/12');
    expect(link.querySelector('b')).toBeNull();
    expect(screen.getByText('Report')).toHaveClass('badge');
    expect(screen.getByText('Case #12: SQL injection in Acme Shop')).toBeInTheDocument();
    const mark = screen.getByText('injection', { selector: 'mark' });
    expect(mark.parentElement).toHaveTextContent('the <login> form allows injection of SQL');
    expect(mark.parentElement!.querySelector('login')).toBeNull();
    expect(screen.getByText('1 result')).toBeInTheDocument();
    expect(calls.search).toHaveBeenCalledWith('injection', 1, expect.any(AbortSignal));
  });

  it('says "1,000+ results" for a capped count, and its pager goes on past the counted pages', async () => {
    calls.search.mockResolvedValue({ ...page([hit()], 1000), count_capped: true });
    renderAt(<SearchPage />, '/cvdp/search?query=injection');
    expect(await screen.findByText('1,000+ results')).toBeInTheDocument();
    expect(screen.getByText(/Page 1 of \d+\+/)).toBeInTheDocument();
  });

  it('searches live once typing pauses, and a newer search aborts the older request', async () => {
    const signals: AbortSignal[] = [];
    calls.search.mockImplementation((query, _page, signal) => {
      signals.push(signal);
      // The first search hangs (a slow server); the second answers.
      return query === 'sql'
        ? new Promise<PageOf<SearchHit>>(() => undefined)
        : Promise.resolve(page([hit()]));
    });
    const { search: params } = renderAt(<SearchPage />, '/cvdp/search');
    const box = screen.getByLabelText('Words to find in cases and reports');
    await userEvent.type(box, 'sql');
    await waitFor(() => expect(calls.search).toHaveBeenCalledTimes(1));
    expect(calls.search).toHaveBeenLastCalledWith('sql', 1, expect.any(AbortSignal));
    expect(params().get('query')).toBe('sql');
    expect(signals[0].aborted).toBe(false);

    await userEvent.type(box, ' injection');
    await waitFor(() => expect(calls.search).toHaveBeenCalledTimes(2));
    expect(calls.search).toHaveBeenLastCalledWith('sql injection', 1, expect.any(AbortSignal));
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    expect(await screen.findByRole('link', { name: 'Report: SQL injection' })).toBeInTheDocument();
    expect(params().get('query')).toBe('sql injection');
  });

  it("says 'No data ...' when nothing matches, and sends nothing for an empty box", async () => {
    calls.search.mockResolvedValue(page([]));
    renderAt(<SearchPage />, '/cvdp/search');
    expect(calls.search).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Words to find in cases and reports'), 'zzz');
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
    expect(screen.getByText('0 results')).toBeInTheDocument();
  });
});
