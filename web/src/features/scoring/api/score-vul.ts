// PATCH /api/vuls/{id}/score/: our SSVC decision, CVSS 4.0 / 3.1 vectors and CWEs (the parts sent are
// replaced). Scores and outcomes are never sent: the server computes them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ScorePatchBody {
  ssvc?: { table: string; values: Record<string, string> } | null;
  cvss4?: string | null;
  cvss3?: string | null;
  cwes?: string[];
}

export const patchScore = (id: string, body: ScorePatchBody) =>
  scoringApi.patch<unknown>(`api/vuls/${encodeURIComponent(id)}/score/`, body).then((r) => r.data);

export function useScoreVul(cveId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScorePatchBody) => patchScore(cveId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.vul(cveId) }),
  });
}
