// GET /api/vuls/{id}/: one vulnerability of the queue with its record, values by source, our score and lock.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VulDetail } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchVul = (id: string) =>
  scoringApi.get<VulDetail>(`api/vuls/${encodeURIComponent(id)}/`).then((r) => r.data);

export const vulQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.scoring.vul(id), queryFn: () => fetchVul(id) });

export const useVul = (id: string) => useQuery(vulQuery(id));
