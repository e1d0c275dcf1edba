// GET /api/case/transfers/connections/ (staff): the instances a case can be transferred to.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferTarget } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchTransferTargets = () =>
  coordinationApi.get<TransferTarget[]>('api/case/transfers/connections/').then((r) => r.data);

export const transferTargetsQuery = () =>
  queryOptions({ queryKey: queryKeys.cases.transferTargets(), queryFn: fetchTransferTargets });

export const useTransferTargets = () => useQuery(transferTargetsQuery());
