// GET /api/case/{id}/embargo/log/: the hash-chained log, with `verified` over the whole chain.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmbargoLog } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchEmbargoLog = (caseId: number) =>
  coordinationApi.get<EmbargoLog>(`api/case/${caseId}/embargo/log/`).then((r) => r.data);

export const embargoLogQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.embargo.log(caseId), queryFn: () => fetchEmbargoLog(caseId) });

export const useEmbargoLog = (caseId: number, enabled = true) =>
  useQuery({ ...embargoLogQuery(caseId), enabled });
