import type { CurrentUser, RegistrationResult } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const res = await coordinationApi.get<CurrentUser>('api/user/');
    return res.data;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 401) return null;
    throw error;
  }
}

export const login = (email: string, password: string) =>
  coordinationApi.post<CurrentUser>('api/auth/login/', { email, password }).then((r) => r.data);

export const register = (input: { email: string; name: string; password: string }) =>
  coordinationApi.post<RegistrationResult>('api/auth/register/', input).then((r) => r.data);

/** The logout URL comes from the page config (SPEC §1); empty body. */
export const logout = (logoutUrl: string) => coordinationApi.post(logoutUrl, null);

/** Any signed-in request slides the server-side session along; this is the cheapest one. */
export const reportActivity = () => coordinationApi.get('api/user/');
