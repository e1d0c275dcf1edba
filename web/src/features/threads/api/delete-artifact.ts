// DELETE /api/case/artifact/{uuid}/: staff or the uploader remove a file (the stored file too). The case's
// files refresh whatever the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteArtifact = (uuid: string) =>
  coordinationApi.delete(`api/case/artifact/${uuid}/`).then(() => undefined);

export function useDeleteArtifact(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteArtifact,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.cases.artifacts(caseId) }),
  });
}
