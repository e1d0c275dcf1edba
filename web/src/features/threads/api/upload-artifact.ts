// POST /api/case/{id}/artifacts/: anyone in the case uploads a file; the case's files then refresh (not
// awaited: the upload is done when the server has the file).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtifactSummary } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fileForm, progress, type OnProgress, type UploadInput } from './upload-progress.ts';

export const uploadArtifact = (caseId: number, file: File, onProgress?: OnProgress) =>
  coordinationApi
    .post<ArtifactSummary>(`api/case/${caseId}/artifacts/`, fileForm(file), {
      onUploadProgress: progress(onProgress),
    })
    .then((r) => r.data);

export function useUploadArtifact(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadInput) => uploadArtifact(caseId, file, onProgress),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.cases.artifacts(caseId) });
    },
  });
}
