// Advisory calls of a case (issue 12): revisions (save, list, latest, diff), sharing and publishing the latest
// revision, vendors' approvals, and the CSAF document built from the latest revision (2.0 or 2.1), which the
// server validates before serving it (a 409 lists the failed tests).
import type {
  AdvisoryDiff,
  AdvisoryLatestPatch,
  AdvisoryRevision,
  AdvisoryRevisionInput,
  Approval,
  ApprovalAnswerInput,
  ApprovalRequestResult,
  CaseCallerMetadata,
  CsafProfile,
  CsafProfileCreateInput,
  CsafProfilePatchInput,
  CsafSettings,
  CsafSettingsInput,
  CsafVersion,
  PageOf,
  Participant,
  PublicAdvisorySummary,
} from '@cvdp/core';
import { AxiosError, type AxiosProgressEvent } from 'axios';
import { coordinationApi } from '../../lib/api-client.ts';

const rows = <T>(data: T[] | PageOf<T>): T[] => (Array.isArray(data) ? data : data.results);

export const fetchCaseCallerMetadata = (caseId: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${caseId}/metadata/`).then((r) => r.data);

/** Every revision the caller may read, newest first as the server orders them. */
export const fetchRevisions = (caseId: number) =>
  coordinationApi
    .get<AdvisoryRevision[] | PageOf<AdvisoryRevision>>(`api/case/${caseId}/advisory/`, {
      params: { page_size: 50 },
    })
    .then((r) => rows(r.data));

export const saveRevision = (caseId: number, input: AdvisoryRevisionInput) =>
  coordinationApi.post<AdvisoryRevision>(`api/case/${caseId}/advisory/`, input).then((r) => r.data);

export const patchLatest = (caseId: number, change: AdvisoryLatestPatch) =>
  coordinationApi.patch<AdvisoryRevision>(`api/case/${caseId}/advisory/latest/`, change).then((r) => r.data);

export const fetchDiff = (caseId: number, from: number, to: number) =>
  coordinationApi
    .get<AdvisoryDiff>(`api/case/${caseId}/advisory/diff/`, { params: { from, to } })
    .then((r) => r.data);

export const fetchApprovals = (caseId: number) =>
  coordinationApi
    .get<Approval[] | PageOf<Approval>>(`api/case/${caseId}/approvals/`, { params: { page_size: 200 } })
    .then((r) => rows(r.data));

export const requestApprovals = (caseId: number) =>
  coordinationApi
    .post<ApprovalRequestResult>(`api/case/${caseId}/approvals/`, { all_vendors: true })
    .then((r) => r.data);

export const answerApproval = (approvalId: number, answer: ApprovalAnswerInput) =>
  coordinationApi.patch<Approval>(`api/case/approvals/${approvalId}/`, answer).then((r) => r.data);

/** The CSAF document as the server serves it (text, to be saved as is) with the number of tests it passed. */
export interface CsafExport {
  text: string;
  fileName: string;
  testsRun: number;
}

export const fetchCsaf = (caseId: number, version: CsafVersion) =>
  coordinationApi
    .get<string>(`api/case/${caseId}/advisory/csaf/`, {
      params: version === '2.1' ? { version } : {},
      responseType: 'text',
      transformResponse: (data: string) => data,
    })
    .then((r): CsafExport => {
      const disposition = String(r.headers['content-disposition'] ?? '');
      const name = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      return {
        text: r.data,
        fileName: name ?? `vu_${caseId}.json`,
        testsRun: Number(r.headers['x-csaf-tests-run'] ?? 0),
      };
    })
    .catch((error: unknown) => {
      // The answer was asked for as text: a refusal's JSON body is read back so its detail and failed tests show.
      if (error instanceof AxiosError && typeof error.response?.data === 'string') {
        try {
          error.response.data = JSON.parse(error.response.data) as unknown;
        } catch {
          // Not JSON (a proxy's page): the status code is all there is.
        }
      }
      throw error;
    });

// ---- A case's CSAF settings and CSAF upload (staff) --------------------------------------------------

export const fetchCsafSettings = (caseId: number) =>
  coordinationApi.get<CsafSettings>(`api/case/${caseId}/settings/csaf/`).then((r) => r.data);

export const saveCsafSettings = (caseId: number, input: CsafSettingsInput) =>
  coordinationApi.post<CsafSettings>(`api/case/${caseId}/settings/csaf/`, input).then((r) => r.data);

/** The case's vendor participants: the product tree overrides are per vendor. */
export const fetchVendorParticipants = (caseId: number) =>
  coordinationApi
    .get<Participant[] | PageOf<Participant>>(`api/case/${caseId}/participants/`, {
      params: { role: 'vendor', page_size: 200 },
    })
    .then((r) => rows(r.data));

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

export const fetchPublicAdvisories = () =>
  coordinationApi
    .get<PublicAdvisorySummary[] | PageOf<PublicAdvisorySummary>>('api/advisories/')
    .then((r) => rows(r.data));

// ---- CSAF profiles (administrators) -----------------------------------------------------------------

export const fetchCsafProfiles = () =>
  coordinationApi
    .get<CsafProfile[] | PageOf<CsafProfile>>('manage/csaf/profiles/', { params: { page_size: 200 } })
    .then((r) => rows(r.data));

export const createCsafProfile = (input: CsafProfileCreateInput) =>
  coordinationApi.post<CsafProfile>('manage/csaf/profiles/', input).then((r) => r.data);

export const updateCsafProfile = (id: number, change: CsafProfilePatchInput) =>
  coordinationApi.patch<CsafProfile>(`manage/csaf/profiles/${id}/`, change).then((r) => r.data);

export const deleteCsafProfile = (id: number) =>
  coordinationApi.delete(`manage/csaf/profiles/${id}/`).then(() => undefined);
