// POST (the first time) or PATCH (`replace`) /api/case/vul/{id}/cvss/ (staff): the coordinator's CVSS
// vector of a version. The server parses and scores it; an invalid one is a 400 naming the metric.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { VulRef } from './vul-ref.ts';

export const saveCvss = (vulId: number, vector: string, replace: boolean) =>
  coordinationApi
    .request<unknown>({
      method: replace ? 'patch' : 'post',
      url: `api/case/vul/${vulId}/cvss/`,
      data: { vector },
    })
    .then((r) => r.data);

/** `replace`: the coordinator already has a score of that version. The scores show in the case's list. */
export function useSaveCvss(vul: VulRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vector, replace }: { vector: string; replace: boolean }) =>
      saveCvss(vul.id, vector, replace),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.all(vul.case) }),
  });
}
