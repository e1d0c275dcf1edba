// POST (the first time) or PATCH /api/vuls/{id}/analysis/: the lock holder writes the analysis.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulAnalysis } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const saveAnalysis = (id: string, analysis: string, create: boolean) =>
  scoringApi
    .request<VulAnalysis>({
      method: create ? 'post' : 'patch',
      url: `api/vuls/${encodeURIComponent(id)}/analysis/`,
      data: { analysis },
    })
    .then((r) => r.data);

export function useSaveAnalysis(cveId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { analysis: string; create: boolean }) => saveAnalysis(cveId, v.analysis, v.create),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.scoring.analysis(cveId), data);
      return client.invalidateQueries({ queryKey: queryKeys.scoring.vul(cveId) });
    },
  });
}
