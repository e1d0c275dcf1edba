// PATCH /api/vuls/{id}/ with lock='1' or unlock='1': takes, gives back or (admins) breaks the lock.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VulDetail, VulPatch } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type VulLockChange = { lock: '1' } | { unlock: '1' };

export const patchVul = (id: string, body: Partial<Record<keyof VulPatch, unknown>>) =>
  scoringApi.patch<VulDetail>(`api/vuls/${encodeURIComponent(id)}/`, body).then((r) => r.data);

export function useChangeVulLock(cveId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VulLockChange) => patchVul(cveId, body),
    // The queue shows who holds each lock: every scoring list is refreshed.
    onSuccess: (data) => {
      client.setQueryData(queryKeys.scoring.vul(cveId), data);
      return client.invalidateQueries({ queryKey: queryKeys.scoring.all });
    },
    // A refusal (someone else took it meanwhile) shows the lock as it is now.
    onError: () => client.invalidateQueries({ queryKey: queryKeys.scoring.vul(cveId) }),
  });
}
