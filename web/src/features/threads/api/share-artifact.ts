// PATCH /api/case/artifact/{uuid}/ (staff): shares or unshares a file. The case's files refresh whatever
// the answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtifactSummary } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const shareArtifact = (uuid: string, share: boolean) =>
  coordinationApi.patch<ArtifactSummary>(`api/case/artifact/${uuid}/`, { share }).then((r) => r.data);

export function useShareArtifact(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, share }: { uuid: string; share: boolean }) => shareArtifact(uuid, share),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.cases.artifacts(caseId) }),
  });
}
