// POST /api/vuls/{id}/: base 2 makes a coordination case from a queue vulnerability through base 1 (asking
// twice gives the same case).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseCreated } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createCaseFromVul = (cveId: string) =>
  scoringApi.post<CaseCreated>(`api/vuls/${cveId}/`, {}).then((r) => r.data);

export function useCreateCaseFromVul(cveId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createCaseFromVul(cveId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.vul(cveId) }),
  });
}
