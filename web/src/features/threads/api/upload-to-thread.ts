// POST /api/case/thread/{id}/upload/: attaches a file in a thread; it also joins the case's artifacts, whose
// list then refreshes (not awaited: the post's link is what the composer waits for).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtifactSummary } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fileForm, progress, type OnProgress, type UploadInput } from './upload-progress.ts';

export const uploadToThread = (threadId: number, file: File, onProgress?: OnProgress) =>
  coordinationApi
    .post<ArtifactSummary>(`api/case/thread/${threadId}/upload/`, fileForm(file), {
      onUploadProgress: progress(onProgress),
    })
    .then((r) => r.data);

export function useUploadToThread(threadId: number, caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadInput) => uploadToThread(threadId, file, onProgress),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.cases.artifacts(caseId) });
    },
  });
}
