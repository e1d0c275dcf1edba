// GET /api/user/tokens/: the signed-in user's API tokens (never their keys).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiToken } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchMyTokens = () => coordinationApi.get<ApiToken[]>('api/user/tokens/').then((r) => r.data);

export const myTokensQuery = () =>
  queryOptions({ queryKey: queryKeys.account.tokens(), queryFn: fetchMyTokens });

export const useMyTokens = () => useQuery(myTokensQuery());
