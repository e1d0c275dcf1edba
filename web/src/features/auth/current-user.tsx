// Who is signed in, for every screen: one query, refreshed after sign-in/out and on any 401.
import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser, RoleName } from '@cvdp/core';
import { useCurrentUserQuery } from './api/index.ts';

interface CurrentUserState {
  user: CurrentUser | null;
  loading: boolean;
  error: unknown;
  refresh(): Promise<unknown>;
}

const Ctx = createContext<CurrentUserState | null>(null);

export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const query = useCurrentUserQuery();
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

export const userHasRole = (user: CurrentUser | null, ...roles: RoleName[]) =>
  !!user && roles.some((r) => user.roles.includes(r));
