import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coordinationApi } from '../../lib/api-client.ts';
import { UnreadCount, UnreadLink } from './UnreadCount.tsx';

// The unread count, faked where it leaves the app (the smallest page of the unread ones).
const fetchUnreadCount = vi.fn<() => Promise<number>>();
beforeEach(() => {
  vi.spyOn(coordinationApi, 'get').mockImplementation(async () => ({
    data: {
      count: 0,
      next: null,
      previous: null,
      results: [],
      unread_count: await fetchUnreadCount(),
      unread_capped: false,
    },
  }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('UnreadCount and UnreadLink', () => {
  it('say how many are unread, the link leading to them', async () => {
    fetchUnreadCount.mockResolvedValue(3);
    wrap(
      <>
        <span data-testid="count">
          <UnreadCount />
        </span>
        <UnreadLink />
      </>,
    );
    expect(await screen.findByRole('link', { name: '3 unread notifications' })).toHaveAttribute(
      'href',
      '/cvdp/notifications?unread=1',
    );
    expect(screen.getByTestId('count')).toHaveTextContent('3');
  });

  it('the link says nothing when none are unread', async () => {
    fetchUnreadCount.mockResolvedValue(0);
    wrap(
      <span data-testid="count">
        <UnreadCount />
        <UnreadLink />
      </span>,
    );
    expect(await screen.findByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
