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
import type {
  CaseCreated,
  CpeEntry,
  Insights,
  PredisclosureVul,
  ScoreInsights,
  SoftwarePriority,
  StandingAssignment,
  VulAnalysis,
  VulnrichInsights,
} from '@cvdp/core/scoring/work';
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

export const fetchPredisclosureVul = (id: number) =>
  scoringApi.get<PredisclosureVul>(`api/predisclosure/vuls/${id}/`).then((r) => r.data);

export const patchPredisclosureScore = (id: number, body: Omit<ScorePatchBody, 'cwes'>) =>
  scoringApi.patch<PredisclosureVul>(`api/predisclosure/vuls/${id}/score/`, body).then((r) => r.data);

/** PATCH /api/predisclosure/vuls/{id}/: our notes and the scorer it is assigned to (null: nobody). */
export const patchPredisclosure = (id: number, body: { notes?: string; assign?: number | null }) =>
  scoringApi.patch<PredisclosureVul>(`api/predisclosure/vuls/${id}/`, body).then((r) => r.data);

export const createCaseFromVul = (cveId: string) =>
  scoringApi.post<CaseCreated>(`api/vuls/${cveId}/`, {}).then((r) => r.data);

export const createCaseFromPredisclosure = (id: number) =>
  scoringApi.post<CaseCreated>(`api/predisclosure/vuls/${id}/`, {}).then((r) => r.data);

// ---- CPE ----

export const searchCpes = (query: string, page: number, pageSize: number) =>
  scoringApi
    .get<PageOf<CpeEntry>>('api/cpe/', {
      params: { ...(query ? { query } : {}), page, page_size: pageSize },
    })
    .then((r) => r.data);

export const fetchCpeVuls = (cpe: string, page: number) =>
  scoringApi
    .get<PageOf<VulSummary>>('api/cpe/vuls/', { params: { page_size: 100, cpe, page } })
    .then((r) => r.data);

export const addCpe = (body: { cpe: string; title?: string }) =>
  scoringApi.post<CpeEntry>('api/cpes/', body).then((r) => r.data);

// ---- people and work ----

export interface Scorer {
  id: number;
  name: string;
  email: string;
}

export const fetchScorers = () => scoringApi.get<Scorer[]>('api/users/').then((r) => r.data);

export const fetchPriorities = () =>
  scoringApi.get<SoftwarePriority[]>('api/priorities/').then((r) => r.data);

export const createPriority = (body: { vendor?: string; product?: string; cpe?: string; weight: number }) =>
  scoringApi.post<SoftwarePriority>('api/priorities/', body).then((r) => r.data);

export const deletePriority = (id: number) =>
  scoringApi.delete(`api/priorities/${id}/`).then(() => undefined);

export const fetchAssignments = () =>
  scoringApi.get<StandingAssignment[]>('api/assignments/').then((r) => r.data);

export const createAssignment = (body: { user: number; vendor?: string; cwe?: string }) =>
  scoringApi.post<StandingAssignment>('api/assignments/', body).then((r) => r.data);

export const deleteAssignment = (id: number) =>
  scoringApi.delete(`api/assignments/${id}/`).then(() => undefined);

// ---- insights ----

export interface InsightsRange {
  start: string;
  end: string;
  user?: string;
}

const rangeParams = ({ start, end, user }: InsightsRange) => ({ start, end, ...(user ? { user } : {}) });

export const fetchInsights = (range: InsightsRange) =>
  scoringApi.get<Insights>('api/insights/', { params: rangeParams(range) }).then((r) => r.data);

export const fetchVulnrichInsights = (range: InsightsRange) =>
  scoringApi
    .get<VulnrichInsights>('api/insights/vulnrich/', { params: rangeParams(range) })
    .then((r) => r.data);

export const fetchScoreInsights = (range: InsightsRange) =>
  scoringApi
    .get<ScoreInsights>('api/insights/score/', { params: { start: range.start, end: range.end } })
    .then((r) => r.data);
