import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationPage, NotificationsReadResult } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

// The calls, faked where they leave the app: a page of the list and marking read.
const list = vi.fn<(p: { page?: number; unread: boolean }) => Promise<NotificationPage>>();
const markRead = vi.fn<(body: unknown) => Promise<NotificationsReadResult>>();
beforeEach(() => {
  vi.spyOn(coordinationApi, 'get').mockImplementation(async (_url, config) => {
    const p = (config?.params ?? {}) as { unread?: number; page?: number };
    return { data: await list({ page: p.page, unread: Boolean(p.unread) }) };
  });
  vi.spyOn(coordinationApi, 'post').mockImplementation(async (_url, body) => ({
    data: await markRead(body),
  }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const n = (over: Partial<Notification> = {}): Notification => ({
  id: 1,
  case: 12,
  case_title: 'SQL injection in Acme Shop',
  kind: 'status_changed',
  title: 'Case #12 was activated',
  body: '',
  link: '/cvdp/cases/12',
  created: '2026-05-01T10:00:00Z',
  read: false,
  thread: null,
  count: 1,
  ...over,
});

function renderPage(url = '/cvdp/notifications') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <NotificationsPage /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return () => new URLSearchParams(router.state.location.search);
}

describe('NotificationsPage', () => {
  it("says 'No data ...' without notifications", async () => {
    list.mockResolvedValue({
      count: 0,
      next: null,
      previous: null,
      results: [],
      count_capped: false,
      unread_count: 0,
      unread_capped: false,
      action_count: 0,
    });
    renderPage();
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(document.title).toBe('Notifications · CVDP');
  });

  it('lists them with links to their cases; "Unread only" and the page live in the URL', async () => {
    list.mockResolvedValue({
      count: 41,
      next: null,
      previous: null,
      results: [n()],
      count_capped: false,
      unread_count: 1,
      unread_capped: false,
      action_count: 0,
    });
    const search = renderPage('/cvdp/notifications?page=2');
    expect(await screen.findByRole('link', { name: 'Case #12 was activated, case #12' })).toHaveAttribute(
      'href',
      '/cvdp/cases/12',
    );
    expect(list).toHaveBeenLastCalledWith({ page: 2, unread: false });
    await userEvent.click(screen.getByLabelText('Unread only'));
    expect(search().get('unread')).toBe('1');
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 1, unread: true }));
  });

  it('marks one read, or all', async () => {
    list.mockResolvedValue({
      count: 1,
      next: null,
      previous: null,
      results: [n()],
      count_capped: false,
      unread_count: 1,
      unread_capped: false,
      action_count: 0,
    });
    markRead.mockResolvedValue({ marked: 1, unread_count: 0, unread_capped: false });
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark read: notification 1, Case #12 was activated' }),
    );
    expect(markRead).toHaveBeenCalledWith({ ids: [1] });
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(markRead).toHaveBeenLastCalledWith({ all: true });
  });
});
