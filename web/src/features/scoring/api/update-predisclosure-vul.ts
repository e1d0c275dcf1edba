// PATCH /api/predisclosure/vuls/{id}/: our notes and the scorer it is assigned to (null: nobody).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PredisclosureVul } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PredisclosurePatchBody {
  notes?: string;
  assign?: number | null;
}

export const patchPredisclosure = (id: number, body: PredisclosurePatchBody) =>
  scoringApi.patch<PredisclosureVul>(`api/predisclosure/vuls/${id}/`, body).then((r) => r.data);

export function useUpdatePredisclosureVul(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PredisclosurePatchBody) => patchPredisclosure(id, body),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.scoring.predisclosureVul(id), data);
      return client.invalidateQueries({ queryKey: queryKeys.scoring.predisclosureAll() });
    },
  });
}
