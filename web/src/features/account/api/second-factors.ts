// GET /api/user/second-factors/: my second factors, the recovery codes left and whether my role requires one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchSecondFactors = () =>
  coordinationApi.get<SecondFactorStatus>('api/user/second-factors/').then((r) => r.data);
export const secondFactorsQuery = () =>
  queryOptions({ queryKey: queryKeys.account.secondFactors(), queryFn: fetchSecondFactors });
export const useSecondFactors = () => useQuery(secondFactorsQuery());
