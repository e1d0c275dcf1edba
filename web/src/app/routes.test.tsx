// The real route table: a page whose chunk no longer loads (after a deploy) and a page that throws both end
// on the friendly error page inside the layout, with a reload, not React Router's raw error screen.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAILED_TEXT,
  FAILED_TITLE,
  UPDATED_TEXT,
  UPDATED_TITLE,
  isChunkLoadError,
} from '../components/RouteErrorPage.tsx';
import { CurrentUserProvider } from '../features/auth/index.ts';
import { coordinationApi } from '../lib/api-client.ts';
import { routes } from './routes.tsx';

// What Chromium throws when import() of a chunk the server no longer has fails.
const chunkGone = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/cvdp/assets/LoginPage-0ld0ld.js',
);
vi.mock('../features/auth/LoginPage.tsx', () => ({
  get LoginPage() {
    throw chunkGone;
  },
}));
vi.mock('../features/auth/RegisterPage.tsx', () => ({
  RegisterPage: () => {
    throw new Error('boom');
  },
}));

const reload = vi.fn();
beforeEach(() => {
  // Nobody is signed in: GET /api/session/ answers no user, every other call 401.
  vi.spyOn(coordinationApi, 'get').mockImplementation((url) =>
    url === 'api/session/'
      ? Promise.resolve({ data: { user: null } })
      : Promise.reject(Object.assign(new Error('401'), { response: { status: 401 } })),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('location', { ...window.location, reload });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  reload.mockClear();
});

function open(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <CurrentUserProvider>
        <RouterProvider router={router} />
      </CurrentUserProvider>
    </QueryClientProvider>,
  );
}

describe('route errors', () => {
  it('a page chunk that no longer loads asks to reload for the new version, inside the layout', async () => {
    open('/cvdp/login');
    expect(await screen.findByRole('heading', { name: UPDATED_TITLE })).toBeInTheDocument();
    expect(screen.getByText(UPDATED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    // The layout is still there: the navigation can take the user elsewhere.
    expect(screen.getByRole('link', { name: 'CVDP' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.title).toBe(`${UPDATED_TITLE} · CVDP`);
  });

  it('a page that throws shows the general error page with a reload and a way home', async () => {
    open('/cvdp/register');
    expect(await screen.findByRole('heading', { name: FAILED_TITLE })).toBeInTheDocument();
    expect(screen.getByText(FAILED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/cvdp/');
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('every root route has an error page', () => {
    for (const route of routes) expect(route.errorElement, String(route.path)).toBeTruthy();
  });

  it('tells chunk failures of each browser from other errors', () => {
    expect(isChunkLoadError(chunkGone)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /cvdp/assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
