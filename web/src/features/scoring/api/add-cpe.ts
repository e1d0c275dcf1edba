// POST /api/cpes/: a scorer adds a CPE 2.3 name (and a title) to the ones the search finds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CpeEntry } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const addCpe = (body: { cpe: string; title?: string }) =>
  scoringApi.post<CpeEntry>('api/cpes/', body).then((r) => r.data);

export function useAddCpe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addCpe,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.cpesAll() }),
  });
}
