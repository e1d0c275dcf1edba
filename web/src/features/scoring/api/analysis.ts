// GET /api/vuls/{id}/analysis/: the written analysis of a vulnerability (created_at null: none yet).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VulAnalysis } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchAnalysis = (id: string) =>
  scoringApi.get<VulAnalysis>(`api/vuls/${encodeURIComponent(id)}/analysis/`).then((r) => r.data);

export const analysisQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.scoring.analysis(id), queryFn: () => fetchAnalysis(id) });

export const useAnalysis = (id: string) => useQuery(analysisQuery(id));
