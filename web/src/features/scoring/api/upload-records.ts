// POST /api/ingest/ (admins): CVE JSON 5 records (.json or .zip) as multipart; the answer is the ingest job.
import { useMutation } from '@tanstack/react-query';
import type { IngestJob } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';

export const uploadRecords = (files: File[], onProgress: (fraction: number) => void) => {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  return scoringApi
    .post<IngestJob>('api/ingest/', form, {
      onUploadProgress: (e) => e.total && onProgress(e.loaded / e.total),
    })
    .then((r) => r.data);
};

// The job is polled on its own (useIngestJob): nothing else to refresh until it is done.
export const useUploadRecords = () =>
  useMutation({
    mutationFn: (v: { files: File[]; onProgress: (fraction: number) => void }) =>
      uploadRecords(v.files, v.onProgress),
  });
