// Calls of the scoring service (base 2, score_api_url): the queue, one vulnerability, its lock, score,
// analysis, changes and activity. Scores and outcomes are never sent: the server computes them.
import type { PageOf } from '@cvdp/core';
import type {
  IngestJob,
  VulActivityEntry,
  VulChange,
  VulDetail,
  VulPatch,
  VulSummary,
} from '@cvdp/core/scoring/index';
import type { PredisclosureVul, VulAnalysis } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../lib/api-client.ts';

export const fetchQueue = (params: Record<string, string>) =>
  scoringApi.get<PageOf<VulSummary>>('api/vuls/', { params }).then((r) => r.data);

export const fetchVul = (id: string) =>
  scoringApi.get<VulDetail>(`api/vuls/${encodeURIComponent(id)}/`).then((r) => r.data);

export const patchVul = (id: string, body: Partial<Record<keyof VulPatch, unknown>>) =>
  scoringApi.patch<VulDetail>(`api/vuls/${encodeURIComponent(id)}/`, body).then((r) => r.data);

export interface ScorePatchBody {
  ssvc?: { table: string; values: Record<string, string> } | null;
  cvss4?: string | null;
  cvss3?: string | null;
  cwes?: string[];
}

export const patchScore = (id: string, body: ScorePatchBody) =>
  scoringApi.patch<unknown>(`api/vuls/${encodeURIComponent(id)}/score/`, body).then((r) => r.data);

export const fetchAnalysis = (id: string) =>
  scoringApi.get<VulAnalysis>(`api/vuls/${encodeURIComponent(id)}/analysis/`).then((r) => r.data);

export const saveAnalysis = (id: string, analysis: string, create: boolean) =>
  scoringApi
    .request<VulAnalysis>({
      method: create ? 'post' : 'patch',
      url: `api/vuls/${encodeURIComponent(id)}/analysis/`,
      data: { analysis },
    })
    .then((r) => r.data);

export const fetchChanges = (id: string, page: number) =>
  scoringApi
    .get<PageOf<VulChange>>(`api/vuls/${encodeURIComponent(id)}/changes/`, {
      params: { page, page_size: 10 },
    })
    .then((r) => r.data);

export const fetchActivity = (id: string, page: number) =>
  scoringApi
    .get<PageOf<VulActivityEntry>>(`api/${encodeURIComponent(id)}/activity/`, {
      params: { page, page_size: 10 },
    })
    .then((r) => r.data);

export const uploadRecords = (files: File[], onProgress: (fraction: number) => void) => {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  return scoringApi
    .post<IngestJob>('api/ingest/', form, {
      onUploadProgress: (e) => e.total && onProgress(e.loaded / e.total),
    })
    .then((r) => r.data);
};

export const fetchIngestJob = (id: number) =>
  scoringApi.get<IngestJob>(`api/ingest/${id}/`).then((r) => r.data);

export const fetchPredisclosure = (params: Record<string, string>) =>
  scoringApi.get<PageOf<PredisclosureVul>>('api/predisclosure/vuls/', { params }).then((r) => r.data);
