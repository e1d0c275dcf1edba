// Renders a desk screen at a URL inside a memory router, with a signed-in user, and reads the URL back;
// fakes the desk's calls.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type {
  CaseListMetadata,
  CaseListRow,
  CurrentUser,
  PageOf,
  RoleName,
  SearchHit,
  TriageRow,
} from '@cvdp/core';
import { CurrentUserProvider } from '../auth/index.ts';
// Test support: the desk's calls are faked where they leave the app, so the client is spied on here.
// eslint-disable-next-line no-restricted-imports
import { coordinationApi } from '../../lib/api-client.ts';
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
      { path: '/cvdp/scoring', element: <h1>Scoring queue page</h1> },
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
  awaiting_my_status: false,
  embargo_ends: null,
  ...over,
});

/** What the desk's calls send, as the server reads it (`owned` is 'True' or absent). */
export interface SentParams {
  query?: string;
  status?: number[];
  owned?: string;
  tag?: string;
  ordering?: string;
  embargo_ends_before?: string;
  page?: number;
  page_size?: number;
  /** The triage queue's Held section: 'true'. */
  held?: string;
}

/**
 * The desk's calls, faked where they leave the app: each endpoint answers through its own mock, which is
 * called with the parameters sent (search: the words, the page and the request's abort signal).
 */
export function fakeDeskCalls() {
  const calls = {
    cases: vi.fn<(params: SentParams) => Promise<PageOf<CaseListRow>>>(),
    triage: vi.fn<(params: SentParams) => Promise<PageOf<TriageRow>>>(),
    search: vi.fn<(query: string, page: number, signal: AbortSignal) => Promise<PageOf<SearchHit>>>(),
    metadata: vi.fn<() => Promise<CaseListMetadata>>(),
  };
  vi.spyOn(coordinationApi, 'get').mockImplementation(async (url, config) => {
    const params = (config?.params ?? {}) as SentParams;
    const strip = () =>
      Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as SentParams;
    if (url === 'api/cases/') return { data: await calls.cases(strip()) };
    if (url === 'api/triage/') return { data: await calls.triage(strip()) };
    if (url === 'api/search/')
      return {
        data: await calls.search(params.query ?? '', params.page ?? 1, config!.signal as AbortSignal),
      };
    if (url === 'api/case/metadata/') return { data: await calls.metadata() };
    throw new Error(`Unexpected call: GET ${url}`);
  });
  return calls;
}
