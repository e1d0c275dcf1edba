// GET /api/case/vul/{id}/ssvc/: every SSVC decision of the vulnerability (removals included), as the server
// keeps them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, SsvcDecisionView } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { listRows } from './list-rows.ts';
import type { VulRef } from './vul-ref.ts';

export const fetchSsvcHistory = (vulId: number) =>
  coordinationApi
    .get<SsvcDecisionView[] | PageOf<SsvcDecisionView>>(`api/case/vul/${vulId}/ssvc/`)
    .then((r) => listRows(r.data));

export const ssvcHistoryQuery = (vul: VulRef) =>
  queryOptions({
    queryKey: queryKeys.vuls.ssvcHistory(vul.case, vul.id),
    queryFn: () => fetchSsvcHistory(vul.id),
  });

export const useSsvcHistory = (vul: VulRef) => useQuery(ssvcHistoryQuery(vul));
