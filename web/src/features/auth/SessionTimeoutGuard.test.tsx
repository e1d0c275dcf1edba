// HTTP is stubbed here (the guard's calls are asserted, not served); the real flow runs in e2e/foundation.spec.ts.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn(() => Promise.resolve({ data: {} }));
vi.mock('../../lib/api-client.ts', () => ({
  coordinationApi: { get, post: vi.fn(() => Promise.resolve({})) },
}));

const { SessionTimeoutGuard } = await import('./SessionTimeoutGuard.tsx');

beforeEach(() => get.mockClear());

describe('SessionTimeoutGuard', () => {
  it('with no timeout configured shows no modal but still reports activity to the server', async () => {
    render(<SessionTimeoutGuard inactivityTimeout={null} logoutUrl="/api/auth/logout/" />);
    await userEvent.keyboard('a');
    await waitFor(() => expect(get).toHaveBeenCalledWith('api/user/'), { timeout: 2000 });
    expect(screen.queryByText('Session Timeout')).not.toBeInTheDocument();
  });

  it('reports activity at most once per interval', async () => {
    render(<SessionTimeoutGuard inactivityTimeout={600} logoutUrl="/api/auth/logout/" />);
    await userEvent.keyboard('a');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await userEvent.keyboard('b');
    await new Promise((r) => setTimeout(r, 800));
    expect(get).toHaveBeenCalledTimes(1);
  });
});
