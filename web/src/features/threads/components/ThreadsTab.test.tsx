import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };
import type { Thread } from '@cvdp/core';
import { fakeThreadCalls } from '../test-utils.ts';
import { ThreadsTab } from './ThreadsTab.tsx';

vi.mock('./ThreadView.tsx', () => ({
  ThreadView: ({ threadId }: { threadId: number }) => <p>Thread view {threadId}</p>,
}));
afterEach(() => vi.restoreAllMocks());

let calls: ReturnType<typeof fakeThreadCalls>;

const thread = (id: number, over: Partial<Thread> = {}): Thread => ({
  id,
  case: 5,
  subject: `Thread ${id}`,
  official: false,
  archived: false,
  restricted: false,
  created: '2026-05-01T10:00:00Z',
  created_by: null,
  last_post: '2026-05-02T10:00:00Z',
  post_count: 4,
  unread: 0,
  ...over,
});
const list = (results: Thread[]) => ({ count: results.length, next: null, previous: null, results });

beforeEach(() => {
  calls = fakeThreadCalls();
  calls.fetchCaseCallerMetadata.mockResolvedValue({
    case: 5,
    staff: true,
    role: 'owner',
    roles: ['owner'],
    permissions: {} as never,
  });
});

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cvdp/cases/5/threads']}>
        <ThreadsTab caseId={5} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ThreadsTab', () => {
  it('lists threads with unread counts and filters official and archived ones', async () => {
    calls.fetchThreads.mockImplementation((_c, filter) =>
      Promise.resolve(
        filter === 'archived'
          ? list([thread(9, { subject: 'Old', archived: true })])
          : list([thread(1, { unread: 3, official: true }), thread(2)]),
      ),
    );
    renderTab();
    const row = (await screen.findByRole('button', { name: 'Thread 1' }, SLOW)).closest('tr')!;
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Official')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Archived' }));
    expect(await screen.findByRole('button', { name: 'Old' })).toBeInTheDocument();
    expect(calls.fetchThreads).toHaveBeenLastCalledWith(5, 'archived');
    await userEvent.click(screen.getByRole('button', { name: 'Official' }));
    await waitFor(() => expect(calls.fetchThreads).toHaveBeenLastCalledWith(5, 'official'));
  });

  it("says 'No data ...' without threads", async () => {
    calls.fetchThreads.mockResolvedValueOnce(list([])).mockResolvedValue(list([thread(1)]));
    renderTab();
    expect(await screen.findByText('No data ...', undefined, SLOW)).toBeInTheDocument();
  });

  it('staff start a thread restricted to chosen participants', async () => {
    calls.fetchThreads.mockResolvedValue(list([]));
    calls.fetchCaseParticipants.mockResolvedValue([
      {
        id: 11,
        kind: 'group',
        name: 'Acme PSIRT',
        email: null,
        user: null,
        group: 9,
        group_kind: 'vendor',
        role: 'vendor',
        added: '2026-05-01T10:00:00Z',
        added_by: null,
        notified: null,
        seen: null,
      },
    ]);
    calls.createThread.mockResolvedValue(thread(12));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'New thread' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New thread' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thread' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Fix timeline');
    await userEvent.click(within(dialog).getByLabelText('Only for chosen participants'));
    await userEvent.click(await within(dialog).findByLabelText('Acme PSIRT (vendor)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thread' }));
    await waitFor(() => expect(calls.createThread).toHaveBeenCalledWith(5, 'Fix timeline', [11]));
    expect(await screen.findByText('Thread view 12')).toBeInTheDocument();
  });

  it('a thread switched to chosen participants with none chosen is open to all (no participants sent)', async () => {
    calls.fetchThreads.mockResolvedValue(list([]));
    calls.fetchCaseParticipants.mockResolvedValue([]);
    calls.createThread.mockResolvedValue(thread(13));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'New thread' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New thread' });
    await userEvent.type(within(dialog).getByLabelText('Subject'), '  Open talk ');
    await userEvent.click(within(dialog).getByLabelText('Only for chosen participants'));
    expect(await within(dialog).findByText('No data ...')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create thread' }));
    // The subject is sent trimmed; the fake refuses an empty `participants` list as the server does.
    await waitFor(() => expect(calls.createThread).toHaveBeenCalledWith(5, 'Open talk', []));
    expect(await screen.findByText('Thread view 13')).toBeInTheDocument();
  });
});
