// Who is signed in, for every screen: one query, refreshed after sign-in/out and on any 401.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, RoleName } from '@cvdp/core';
import { setUnauthorizedHandler } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchCurrentUser } from './api.ts';
import { rememberSignedOut } from './signed-out-reason.ts';

const CURRENT_USER_KEY = queryKeys.auth.currentUser();

interface CurrentUserState {
  user: CurrentUser | null;
  loading: boolean;
  error: unknown;
  refresh(): Promise<unknown>;
}

const Ctx = createContext<CurrentUserState | null>(null);

export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // Someone was signed in and the server no longer knows them: the sign-in page tells them why.
      if (client.getQueryData(CURRENT_USER_KEY)) rememberSignedOut('expired');
      client.setQueryData(CURRENT_USER_KEY, null);
    });
    return () => setUnauthorizedHandler(undefined);
  }, [client]);
  const value: CurrentUserState = {
    user: query.data ?? null,
    loading: query.isPending,
    error: query.error,
    refresh: () => query.refetch(),
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useCurrentUser(): CurrentUserState {
  const value = useContext(Ctx);
  if (!value) throw new Error('useCurrentUser needs a CurrentUserProvider');
  return value;
}

/** Sets who is signed in without asking the server (after sign-in: the user; after sign-out: null). */
export function useSetCurrentUser() {
  const client = useQueryClient();
  return (user: CurrentUser | null) => client.setQueryData(CURRENT_USER_KEY, user);
}

export const userHasRole = (user: CurrentUser | null, ...roles: RoleName[]) =>
  !!user && roles.some((r) => user.roles.includes(r));
