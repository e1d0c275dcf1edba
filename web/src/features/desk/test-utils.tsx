// Renders a desk screen at a URL inside a memory router, with a signed-in user, and reads the URL back.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { CaseListRow, CurrentUser, PageOf, RoleName } from '@cvdp/core';
import { CurrentUserProvider } from '../auth/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const userWith = (roles: RoleName[], name = 'Casey'): CurrentUser => ({
  id: 7,
  email: 'casey@example.org',
  name,
  roles,
  groups: [],
});

export function renderAt(element: ReactElement, url: string, user: CurrentUser = userWith(['coordinator'])) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  client.setQueryData(queryKeys.auth.currentUser(), user);
  const router = createMemoryRouter(
    [
      { path: '/cvdp/reports/', element: <h1>My reports page</h1> },
      { path: '*', element },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <CurrentUserProvider>
        <RouterProvider router={router} />
      </CurrentUserProvider>
    </QueryClientProvider>,
  );
  return {
    router,
    client,
    search: () => new URLSearchParams(router.state.location.search),
    path: () => router.state.location.pathname,
  };
}

export const page = <T,>(results: T[], count = results.length): PageOf<T> => ({
  count,
  next: null,
  previous: null,
  results,
});

export const caseRow = (over: Partial<CaseListRow> = {}): CaseListRow => ({
  id: 12,
  title: 'SQL injection in Acme Shop',
  status: 1,
  status_label: 'Active',
  owners: ['Olga Owner'],
  tags: [],
  created: '2026-05-01T10:00:00Z',
  updated: '2026-05-03T10:00:00Z',
  role: 'owner',
  ...over,
});
