import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, LoginChallenge } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { CurrentUserProvider } from './current-user.tsx';
import { LoginPage } from './LoginPage.tsx';
import { rememberSignedOut } from './signed-out-reason.ts';

// The calls, faked where they leave the app: who is signed in (null: nobody) and signing in.
const fetchCurrentUser = vi.fn<() => Promise<CurrentUser | null>>();
const login = vi.fn<(body: unknown) => Promise<CurrentUser | LoginChallenge>>();
const secondStep = vi.fn<(body: unknown) => Promise<CurrentUser>>();
beforeEach(() => {
  vi.spyOn(coordinationApi, 'get').mockImplementation(async (url) => {
    if (url !== 'api/session/') throw new Error(`Unexpected call: GET ${url}`);
    return { data: { user: await fetchCurrentUser() } };
  });
  vi.spyOn(coordinationApi, 'post').mockImplementation(async (url, body) => {
    if (url === 'api/auth/login/second-factor/') return { data: await secondStep(body) };
    if (url !== 'api/auth/login/') throw new Error(`Unexpected call: POST ${url}`);
    return { data: await login(body) };
  });
});
let unauthorized: (() => void) | undefined;
vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  setUnauthorizedHandler: (handler: (() => void) | undefined) => (unauthorized = handler),
}));
afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  sessionStorage.clear();
});

function renderLogin(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <CurrentUserProvider>
        <MemoryRouter initialEntries={['/cvdp/login']}>
          <LoginPage />
        </MemoryRouter>
      </CurrentUserProvider>
    </QueryClientProvider>,
  );
}

const config = { headers: new AxiosHeaders() };
const refused = (status: number, detail: string) =>
  new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config,
      data: { detail },
    },
  );

describe('LoginPage', () => {
  it('asks for the second step when the password was right but the account has a second factor', async () => {
    fetchCurrentUser.mockResolvedValue(null);
    login.mockResolvedValue({
      pending_sign_in: 'pending-token',
      expires: '2030-01-01T00:00:00Z',
      methods: ['totp', 'recovery_code'],
      enrol_required: false,
    });
    secondStep.mockResolvedValue({
      id: 1,
      email: 'a@example.test',
      name: 'A',
      roles: ['reporter'],
      groups: [],
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'right password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(secondStep).toHaveBeenCalledWith({
        pending_sign_in: 'pending-token',
        recovery_code: 'abcde-fghij',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).toBeNull(),
    );
  });

  it('is titled for its tab', async () => {
    fetchCurrentUser.mockResolvedValue(null);
    renderLogin();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(document.title).toBe('Sign in · CVDP');
  });

  it("shows the server's reason for a refused sign-in without a technical prefix", async () => {
    fetchCurrentUser.mockResolvedValue(null);
    login.mockRejectedValue(refused(400, 'Unable to sign in with the email and password given.'));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Unable to sign in with the email and password given\.$/,
    );
  });

  it('says the user was signed out after inactivity, once', async () => {
    fetchCurrentUser.mockResolvedValue(null);
    rememberSignedOut('inactivity');
    const first = renderLogin();
    expect(await screen.findByText('You were signed out after a period of inactivity.')).toBeInTheDocument();
    first.unmount();
    renderLogin();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByText('You were signed out after a period of inactivity.')).not.toBeInTheDocument();
  });

  it('says the session has ended when a call of a signed-in user is answered 401', async () => {
    const user: CurrentUser = {
      id: 1,
      email: 'r@example.test',
      name: 'Rita',
      roles: ['reporter'],
    } as CurrentUser;
    fetchCurrentUser.mockResolvedValue(user);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // A signed-in screen (the sign-in page itself would lead a signed-in user away).
    const view = render(
      <QueryClientProvider client={client}>
        <CurrentUserProvider>
          <p>A case</p>
        </CurrentUserProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(client.getQueryData(['auth', 'current-user'])).toEqual(user));
    unauthorized?.();
    view.unmount();
    fetchCurrentUser.mockResolvedValue(null);
    renderLogin();
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('says nothing for a visitor who was never signed in (their first call is a 401 too)', async () => {
    fetchCurrentUser.mockResolvedValue(null);
    renderLogin();
    unauthorized?.();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
