import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '@cvdp/core';
import { ActivityTab } from './ActivityTab.tsx';
import { fakeCaseCalls } from '../test-utils.ts';

let calls: ReturnType<typeof fakeCaseCalls>;
beforeEach(() => {
  calls = fakeCaseCalls();
});
afterEach(() => vi.restoreAllMocks());

const entry = (id: number, text: string): ActivityEntry => ({
  id,
  case: 5,
  case_title: 't',
  actor: { id: 1, name: 'Cora Coordinator' },
  verb: 'activated',
  object_type: 'case',
  object_id: '5',
  text,
  object_name: null,
  link: null,
  created: '2026-05-03T10:00:00Z',
});

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ActivityTab caseId={5} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ActivityTab', () => {
  it('shows entries newest first with actor and time, loads more, and filters', async () => {
    calls.fetchCaseActivity.mockImplementation((_id, page, q) =>
      Promise.resolve(
        q
          ? {
              count: 1,
              next: null,
              previous: null,
              results: [entry(9, 'Cora Coordinator added a participant')],
            }
          : page === 1
            ? {
                count: 3,
                next: '/api/case/5/activity/?page=2',
                previous: null,
                results: [
                  entry(3, 'Cora Coordinator activated the case'),
                  entry(2, 'Cora Coordinator added a participant'),
                ],
              }
            : { count: 3, next: null, previous: 'x', results: [entry(1, 'Rita submitted the report')] },
      ),
    );
    renderTab();
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Cora Coordinator activated the case');
    expect(items[0]).toHaveTextContent(/Cora Coordinator · 2026-05-03 \d\d:\d\d/);
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Rita submitted the report')).toBeInTheDocument();
    expect(calls.fetchCaseActivity).toHaveBeenLastCalledWith(5, 2, '', undefined);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Filter activity'), 'participant');
    await waitFor(() =>
      expect(calls.fetchCaseActivity).toHaveBeenLastCalledWith(5, 1, 'participant', undefined),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it("links the object's name in the sentence, and narrows to one kind", async () => {
    calls.fetchCaseActivity.mockResolvedValue({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          ...entry(4, "Cora Coordinator posted in 'Patch timeline'"),
          object_name: 'Patch timeline',
          link: '/cvdp/cases/5/threads?thread=7&post=9',
        },
      ],
    });
    renderTab();
    const link = await screen.findByRole('link', { name: 'Patch timeline' });
    expect(link).toHaveAttribute('href', '/cvdp/cases/5/threads?thread=7&post=9');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(
      "Cora Coordinator posted in 'Patch timeline'",
    );
    await userEvent.selectOptions(screen.getByLabelText('Kind of activity'), 'Posts');
    await waitFor(() => expect(calls.fetchCaseActivity).toHaveBeenLastCalledWith(5, 1, '', 'posts'));
  });

  it('says when there is nothing', async () => {
    calls.fetchCaseActivity.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
    renderTab();
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });
});
