// POST /api/advisory/upload/ (staff, multipart): a CSAF JSON file becomes a new revision of the case's
// advisory once the server's validator accepts it (a refusal lists the failed tests).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosProgressEvent } from 'axios';
import type { AdvisoryRevision } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Uploads a CSAF JSON file as a new revision of the case's advisory; onProgress gets 0..1 (null: unknown). */
export const uploadCsaf = (caseId: number, file: File, onProgress?: (share: number | null) => void) => {
  const form = new FormData();
  form.append('case', String(caseId));
  form.append('file', file);
  return coordinationApi
    .post<AdvisoryRevision>('api/advisory/upload/', form, {
      onUploadProgress: (event: AxiosProgressEvent) =>
        onProgress?.(event.total ? event.loaded / event.total : (event.progress ?? null)),
    })
    .then((r) => r.data);
};

/** The mutation's variables are the file (its name names it in the success message). */
export function useUploadCsaf(caseId: number, onProgress?: (share: number | null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCsaf(caseId, file, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) }),
  });
}
