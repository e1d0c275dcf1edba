// PATCH /api/predisclosure/vuls/{id}/score/: our SSVC decision and CVSS vectors of an embargoed vulnerability.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PredisclosureVul } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ScorePatchBody } from './score-vul.ts';

export type PredisclosureScoreBody = Omit<ScorePatchBody, 'cwes'>;

export const patchPredisclosureScore = (id: number, body: PredisclosureScoreBody) =>
  scoringApi.patch<PredisclosureVul>(`api/predisclosure/vuls/${id}/score/`, body).then((r) => r.data);

export function useScorePredisclosureVul(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PredisclosureScoreBody) => patchPredisclosureScore(id, body),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.scoring.predisclosureVul(id), data);
      return client.invalidateQueries({ queryKey: queryKeys.scoring.predisclosureAll() });
    },
  });
}
