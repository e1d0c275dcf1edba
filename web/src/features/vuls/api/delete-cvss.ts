// DELETE /api/case/vul/{id}/cvss/v{version}/ (staff): removes the coordinator's score of that version.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CvssVersion } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { VulRef } from './vul-ref.ts';

export const deleteCvss = (vulId: number, version: CvssVersion) =>
  coordinationApi.delete(`api/case/vul/${vulId}/cvss/v${version}/`).then(() => undefined);

export function useDeleteCvss(vul: VulRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: CvssVersion) => deleteCvss(vul.id, version),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.all(vul.case) }),
  });
}
