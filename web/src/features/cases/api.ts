// Case calls used by the case page, and (through the feature's index) by the report edit form.
import type {
  ActivityEntry,
  ArtifactSummary,
  CaseAssignment,
  CaseCallerMetadata,
  CaseDetail,
  CaseListMetadata,
  CaseRole,
  CaseUpdate,
  CaseUserRelation,
  Contact,
  OriginalReport,
  PageOf,
  Participant,
  ParticipantsAdded,
  ParticipantsNotified,
  ParticipantsSummary,
  Transfer,
  TransferTarget,
} from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const fetchCase = (id: number) =>
  coordinationApi.get<CaseDetail>(`api/cases/${id}/`).then((r) => r.data);

export const fetchCaseArtifacts = (id: number) =>
  coordinationApi
    .get<PageOf<ArtifactSummary>>(`api/case/${id}/artifacts/`, { params: { page_size: 200 } })
    .then((r) => r.data);

export const fetchOriginalReport = (id: number) =>
  coordinationApi.get<OriginalReport>(`case/${id}/report/original/`).then((r) => r.data);

/** The download address under the configured API base. */
export const artifactHref = (a: ArtifactSummary) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });

// ---- the case itself -------------------------------------------------------------------------------

/** What the caller may do in this case (the page shows actions by it; the server still checks). */
export const fetchCaseCallerMetadata = (id: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${id}/metadata/`).then((r) => r.data);

/** States, tags, resolutions and roles. */
export const fetchCaseListMetadata = () =>
  coordinationApi.get<CaseListMetadata>('api/case/metadata/').then((r) => r.data);

export const updateCase = (id: number, change: CaseUpdate) =>
  coordinationApi.patch<CaseDetail>(`api/cases/${id}/`, change).then((r) => r.data);

export const fetchCaseRelation = (id: number) =>
  coordinationApi.get<CaseUserRelation>(`api/case/${id}/user/`).then((r) => r.data);

export const setCaseMuted = (id: number, muted: boolean) =>
  coordinationApi.patch<CaseUserRelation>(`api/case/${id}/user/`, { muted }).then((r) => r.data);

// ---- assignment ------------------------------------------------------------------------------------

export const fetchCaseAssignments = (id: number) =>
  coordinationApi.get<CaseAssignment[]>(`api/case/${id}/user/assignments/`).then((r) => r.data);

/** A coordinator by id, or the next user of an auto-assignment role by its name. */
export const assignCase = (id: number, to: { user: number } | { role: string }) =>
  coordinationApi.post<CaseAssignment>(`api/case/${id}/assign/`, to).then((r) => r.data);

export const unassignCase = (id: number, users: number[], reason = '') =>
  coordinationApi.post<unknown>(`api/case/${id}/unassign/`, { users, reason }).then((r) => r.data);

// ---- participants ----------------------------------------------------------------------------------

/** Contacts a coordinator can add: people and groups whose name (or email) holds every word. */
export const fetchContacts = (query: string, signal?: AbortSignal) =>
  coordinationApi.get<Contact[]>('api/contacts/', { params: { query }, signal }).then((r) => r.data);

/** The participant list: 500 a page (the server's cap), so a case with hundreds of vendors is one call. */
export const PARTICIPANTS_PAGE_SIZE = 500;

export const fetchParticipants = (id: number) =>
  coordinationApi
    .get<PageOf<Participant>>(`api/case/${id}/participants/`, {
      params: { page_size: PARTICIPANTS_PAGE_SIZE },
    })
    .then((r) => r.data);

export const fetchParticipantsSummary = (id: number) =>
  coordinationApi.get<ParticipantsSummary>(`api/case/${id}/participants/summary/`).then((r) => r.data);

export const addParticipants = (id: number, names: string[], role: CaseRole) =>
  coordinationApi
    .post<ParticipantsAdded>(`api/case/${id}/participants/`, { names, role })
    .then((r) => r.data);

export const changeParticipantRole = (participantId: number, role: CaseRole) =>
  coordinationApi.patch<Participant>(`api/case/participant/${participantId}/`, { role }).then((r) => r.data);

export const removeParticipant = (participantId: number) =>
  coordinationApi.delete(`api/case/participant/${participantId}/`).then(() => undefined);

export const notifyParticipants = (id: number, participants: number[]) =>
  coordinationApi
    .post<ParticipantsNotified>(`case/${id}/participants/notify/`, { participants })
    .then((r) => r.data);

export const notifyAllVendors = (id: number) =>
  coordinationApi.post<ParticipantsNotified>(`case/${id}/participants/notify/all/`).then((r) => r.data);

// ---- activity --------------------------------------------------------------------------------------

export const ACTIVITY_PAGE_SIZE = 25;

export const fetchCaseActivity = (id: number, page: number, q: string) =>
  coordinationApi
    .get<PageOf<ActivityEntry>>(`api/case/${id}/activity/`, {
      params: { page, page_size: ACTIVITY_PAGE_SIZE, ...(q ? { q } : {}) },
    })
    .then((r) => r.data);

// ---- transfers to other instances (staff) --------------------------------------------------------------

export const fetchTransferTargets = () =>
  coordinationApi.get<TransferTarget[]>('api/case/transfers/connections/').then((r) => r.data);

export const fetchCaseTransfers = (caseId: number, page = 1) =>
  coordinationApi
    .get<PageOf<Transfer>>(`api/case/${caseId}/transfers/`, { params: { page } })
    .then((r) => r.data);

export const startTransfer = (caseId: number, connection: number) =>
  coordinationApi.post<Transfer>('api/case/transfers/', { case: caseId, connection }).then((r) => r.data);
