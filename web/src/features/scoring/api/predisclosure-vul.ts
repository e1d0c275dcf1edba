// GET /api/predisclosure/vuls/{id}/: one embargoed vulnerability with our score, notes and assignment.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PredisclosureVul } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchPredisclosureVul = (id: number) =>
  scoringApi.get<PredisclosureVul>(`api/predisclosure/vuls/${id}/`).then((r) => r.data);

/** `id` 0: the address held no id, nothing is fetched. */
export const predisclosureVulQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.scoring.predisclosureVul(id),
    queryFn: () => fetchPredisclosureVul(id),
    enabled: id > 0,
  });

export const usePredisclosureVul = (id: number) => useQuery(predisclosureVulQuery(id));
