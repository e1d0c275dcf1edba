// GET /api/session/: who is signed in (null when nobody is), for every screen; refreshed after sign-in/out and
// forgotten on any 401. (Not GET /api/user/, which answers a visitor 401: the browser would log that as a
// failed request on every page opened signed out.)
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, Session } from '@cvdp/core';
import { coordinationApi, setUnauthorizedHandler } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { rememberSignedOut } from '../signed-out-reason.ts';

export const fetchCurrentUser = (): Promise<CurrentUser | null> =>
  coordinationApi.get<Session>('api/session/').then((r) => r.data.user);

export const currentUserQuery = () =>
  queryOptions({
    queryKey: queryKeys.auth.currentUser(),
    queryFn: fetchCurrentUser,
    staleTime: 60_000,
    retry: false,
  });

/**
 * Who is signed in. While mounted, a 401 on any call means the server no longer knows them: the user is
 * forgotten (and the sign-in page tells them why).
 */
export function useCurrentUserQuery() {
  const client = useQueryClient();
  const query = useQuery(currentUserQuery());
  useEffect(() => {
    const key = queryKeys.auth.currentUser();
    setUnauthorizedHandler(() => {
      if (client.getQueryData(key)) rememberSignedOut('expired');
      client.setQueryData(key, null);
    });
    return () => setUnauthorizedHandler(undefined);
  }, [client]);
  return query;
}

/** Sets who is signed in without asking the server (after sign-in: the user; after sign-out: null). */
export function useSetCurrentUser() {
  const client = useQueryClient();
  return (user: CurrentUser | null) => client.setQueryData(queryKeys.auth.currentUser(), user);
}
