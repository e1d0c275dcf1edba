import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionPage, Notification, NotificationPage, NotificationsReadResult } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { expectReadableBadge } from '../../test/contrast.ts';
import { NotificationsMenu } from './NotificationsMenu.tsx';
import { UNREAD_REFETCH_MS } from './api/index.ts';

// The calls, faked where they leave the app: the unread count (the smallest page of the unread ones), the
// latest and marking read.
const fetchUnreadCount = vi.fn<() => Promise<number>>();
const list =
  vi.fn<(p: { page?: number; pageSize?: number; unread?: boolean }) => Promise<NotificationPage>>();
const markRead = vi.fn<(body: unknown) => Promise<NotificationsReadResult>>();
const actionsList = vi.fn<() => Promise<ActionPage>>();
function fakeCalls() {
  vi.spyOn(coordinationApi, 'get').mockImplementation(async (url, config) => {
    if (url.includes('actions')) return { data: await actionsList() };
    const p = (config?.params ?? {}) as { unread?: number; page?: number; page_size?: number };
    if (p.unread && p.page_size === 1) return { data: pageOf([], await fetchUnreadCount()) };
    return { data: await list({ page: p.page, pageSize: p.page_size, unread: Boolean(p.unread) }) };
  });
  vi.spyOn(coordinationApi, 'post').mockImplementation(async (_url, body) => ({
    data: await markRead(body),
  }));
}

const notification = (over: Partial<Notification> = {}): Notification => ({
  id: 1,
  case: 12,
  case_title: 'SQL injection in Acme Shop',
  kind: 'participant_added',
  title: 'You were added to case #12',
  body: 'Ana Admin added you as vendor.',
  link: '/cvdp/cases/12',
  created: '2026-05-01T10:00:00Z',
  read: false,
  thread: null,
  count: 1,
  ...over,
});

let unread = 3;
const pageOf = (results: Notification[], count = results.length): NotificationPage => ({
  count,
  next: null,
  previous: null,
  results,
  count_capped: false,
  unread_count: unread,
  unread_capped: false,
  action_count: 0,
});

beforeEach(() => {
  fakeCalls();
  unread = 3;
  fetchUnreadCount.mockImplementation(async () => unread);
  actionsList.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
  list.mockImplementation(async (p) =>
    p.unread && p.pageSize === 1
      ? pageOf([notification()], unread)
      : pageOf([
          notification(),
          notification({ id: 2, read: true, title: 'Case #9 was closed', case: 9, link: '/cvdp/cases/9' }),
        ]),
  );
  markRead.mockImplementation(async () => {
    unread = 0;
    return { marked: 3, unread_count: 0, unread_capped: false };
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  vi.useRealTimers();
});

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NotificationsMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const bell = () => screen.getByRole('button', { name: /Notifications/ });
/** Waits until the bell says this many unread (its badge reads "N unread" to assistive technology). */
const shows = (count: number) =>
  waitFor(
    () => expect(bell()).toHaveAccessibleName(count ? `Notifications, ${count} unread` : 'Notifications'),
    // The first render of the file is slow on a loaded machine (dropdown, badge): more than the default 1 s.
    { timeout: 5000 },
  );

describe('NotificationsMenu', () => {
  it('shows the unread count on the bell, readable (WCAG AA)', async () => {
    renderMenu();
    await shows(3);
    expectReadableBadge(bell().querySelector('.badge')!);
    expect(fetchUnreadCount).toHaveBeenCalled();
    expect(list).not.toHaveBeenCalled(); // the latest load only when the menu opens
  });

  it("puts Action needed on top (its count on the bell) and shows a thread's posts as one entry", async () => {
    actionsList.mockResolvedValue({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: 7,
          kind: 'approval_requested',
          case: 12,
          case_title: 'SQL injection in Acme Shop',
          title: 'Cora asked you to approve revision 2 of the advisory of case #12',
          link: '/cvdp/cases/12/advisory',
          created: '2026-05-01T10:00:00Z',
        },
      ],
    });
    list.mockResolvedValue(
      pageOf([
        notification({
          kind: 'new_post',
          thread: 4,
          count: 12,
          title: '12 new posts in "Fix" — latest by Cora',
        }),
      ]),
    );
    renderMenu();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread, 1 action needed'), {
      timeout: 5000,
    });
    await userEvent.click(bell());
    const action = await screen.findByRole('link', { name: /approve revision 2/ });
    expect(action).toHaveAttribute('href', '/cvdp/cases/12/advisory');
    expect(screen.getByRole('heading', { name: 'Action needed (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /12 new posts in "Fix"/ })).toBeInTheDocument();
  });

  it('asks again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMenu();
    await shows(3);
    unread = 5;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_REFETCH_MS));
    await shows(5);
  });

  it('asks again when the window regains focus', async () => {
    renderMenu();
    await shows(3);
    unread = 6;
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await shows(6);
  });

  it('opens on the latest, each leading to its case and marked read on the way', async () => {
    renderMenu();
    await shows(3);
    await userEvent.click(bell());
    const item = await screen
      .findByRole('button', { name: /You were added to case #12/ })
      .catch(() => screen.findByRole('link', { name: /You were added to case #12/ }));
    expect(item).toHaveAttribute('href', '/cvdp/cases/12');
    expect(screen.getByRole('link', { name: /Case #9 was closed/ })).toHaveAttribute('href', '/cvdp/cases/9');
    expect(screen.getByRole('link', { name: 'All notifications' })).toHaveAttribute(
      'href',
      '/cvdp/notifications',
    );
    markRead.mockResolvedValueOnce({ marked: 1, unread_count: 2, unread_capped: false });
    await userEvent.click(item);
    await waitFor(() => expect(markRead).toHaveBeenCalledWith({ ids: [1] }));
  });

  it('"Mark all read" marks every notification read and clears the badge', async () => {
    renderMenu();
    await shows(3);
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(markRead).toHaveBeenCalledWith({ all: true }));
    await shows(0);
    expect(bell().querySelector('.badge')).toBeNull();
  });
});
