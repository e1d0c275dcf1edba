// Test support: the case feature's calls, faked where they leave the app (the API client), each endpoint
// answering through its own mock named after its fetcher and called with the same arguments. A hook reads
// its own file's fetcher, which a module mock cannot replace; faking the client keeps the tests on the calls.
import { vi } from 'vitest';
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
  EmbargoLog,
  EmbargoView,
  OriginalReport,
  PageOf,
  Participant,
  ParticipantsAdded,
  ParticipantsNotified,
  ParticipantsSummary,
  Transfer,
  TransferTarget,
} from '@cvdp/core';
import { answerCalls } from '../../test/answer-calls.ts';

type Config = { params?: Record<string, unknown>; signal?: AbortSignal } | undefined;

/** A case without an embargo, as GET /api/case/{id}/embargo/ answers a caller who may not propose one. */
export const noEmbargo = (caseId: number): EmbargoView => ({
  case: caseId,
  state: 'none',
  end: null,
  exit_kind: null,
  exit_reason: '',
  exited: null,
  open_proposal: null,
  history: [],
  can_propose: false,
  can_exit: false,
  can_report_breach: false,
});

export function fakeCaseCalls() {
  const calls = {
    fetchCase: vi.fn<(id: number) => Promise<CaseDetail>>(),
    fetchCaseArtifacts: vi.fn<(id: number) => Promise<PageOf<ArtifactSummary>>>(),
    fetchOriginalReport: vi.fn<(id: number) => Promise<OriginalReport>>(),
    fetchCaseCallerMetadata: vi.fn<(id: number) => Promise<CaseCallerMetadata>>(),
    fetchCaseListMetadata: vi.fn<() => Promise<CaseListMetadata>>(),
    updateCase: vi.fn<(id: number, change: CaseUpdate) => Promise<CaseDetail>>(),
    fetchCaseRelation: vi.fn<(id: number) => Promise<CaseUserRelation>>(),
    setCaseMuted: vi.fn<(id: number, muted: boolean) => Promise<CaseUserRelation>>(),
    fetchCaseAssignments: vi.fn<(id: number) => Promise<CaseAssignment[]>>(),
    assignCase: vi.fn<(id: number, to: { user: number } | { role: string }) => Promise<CaseAssignment>>(),
    unassignCase: vi.fn<(id: number, users: number[]) => Promise<unknown>>(),
    fetchContacts: vi.fn<(query: string, signal?: AbortSignal) => Promise<Contact[]>>(),
    fetchParticipants: vi.fn<(id: number) => Promise<PageOf<Participant>>>(),
    fetchParticipantsSummary: vi.fn<(id: number) => Promise<ParticipantsSummary>>(),
    addParticipants: vi.fn<(id: number, names: string[], role: CaseRole) => Promise<ParticipantsAdded>>(),
    changeParticipantRole: vi.fn<(participantId: number, role: CaseRole) => Promise<Participant>>(),
    removeParticipant: vi.fn<(participantId: number) => Promise<void>>(),
    notifyParticipants: vi.fn<(id: number, participants: number[]) => Promise<ParticipantsNotified>>(),
    notifyAllVendors: vi.fn<(id: number) => Promise<ParticipantsNotified>>(),
    fetchCaseActivity:
      vi.fn<(id: number, page: number, q: string, kind?: string) => Promise<PageOf<ActivityEntry>>>(),
    fetchTransferTargets: vi.fn<() => Promise<TransferTarget[]>>(),
    fetchCaseTransfers: vi.fn<(caseId: number, page: number) => Promise<PageOf<Transfer>>>(),
    startTransfer: vi.fn<(caseId: number, connection: number) => Promise<Transfer>>(),
    // The embargo card of the header (features/embargo): no embargo unless a test says otherwise.
    fetchEmbargo: vi.fn<(caseId: number) => Promise<EmbargoView>>((caseId) =>
      Promise.resolve(noEmbargo(caseId)),
    ),
    fetchEmbargoLog: vi.fn<(caseId: number) => Promise<EmbargoLog>>(() =>
      Promise.resolve({ verified: true, first_broken: null, entries: [] }),
    ),
  };
  type Route = [RegExp, (m: number[], body: never, config: Config) => Promise<unknown>];
  const routes: Record<'get' | 'post' | 'patch' | 'delete', Route[]> = {
    get: [
      [/^api\/cases\/(\d+)\/$/, ([id]) => calls.fetchCase(id)],
      [/^api\/case\/(\d+)\/artifacts\/$/, ([id]) => calls.fetchCaseArtifacts(id)],
      [/^case\/(\d+)\/report\/original\/$/, ([id]) => calls.fetchOriginalReport(id)],
      [/^api\/case\/metadata\/$/, () => calls.fetchCaseListMetadata()],
      [/^api\/case\/(\d+)\/metadata\/$/, ([id]) => calls.fetchCaseCallerMetadata(id)],
      [/^api\/case\/(\d+)\/user\/$/, ([id]) => calls.fetchCaseRelation(id)],
      [/^api\/case\/(\d+)\/user\/assignments\/$/, ([id]) => calls.fetchCaseAssignments(id)],
      [/^api\/contacts\/$/, (_m, _b, c) => calls.fetchContacts(String(c?.params?.query), c?.signal)],
      [/^api\/case\/(\d+)\/participants\/$/, ([id]) => calls.fetchParticipants(id)],
      [/^api\/case\/(\d+)\/participants\/summary\/$/, ([id]) => calls.fetchParticipantsSummary(id)],
      [
        /^api\/case\/(\d+)\/activity\/$/,
        ([id], _b, c) =>
          calls.fetchCaseActivity(
            id,
            Number(c?.params?.page),
            (c?.params?.q as string | undefined) ?? '',
            c?.params?.kind as string | undefined,
          ),
      ],
      [/^api\/case\/transfers\/connections\/$/, () => calls.fetchTransferTargets()],
      [/^api\/case\/(\d+)\/embargo\/$/, ([id]) => calls.fetchEmbargo(id)],
      [/^api\/case\/(\d+)\/embargo\/log\/$/, ([id]) => calls.fetchEmbargoLog(id)],
      [
        /^api\/case\/(\d+)\/transfers\/$/,
        ([id], _b, c) => calls.fetchCaseTransfers(id, Number(c?.params?.page)),
      ],
    ],
    post: [
      [/^api\/case\/(\d+)\/assign\/$/, ([id], body) => calls.assignCase(id, body)],
      [
        /^api\/case\/(\d+)\/unassign\/$/,
        ([id], body: { users: number[] }) => calls.unassignCase(id, body.users),
      ],
      [
        /^api\/case\/(\d+)\/participants\/$/,
        ([id], body: { names: string[]; role: CaseRole }) => calls.addParticipants(id, body.names, body.role),
      ],
      [
        /^case\/(\d+)\/participants\/notify\/$/,
        ([id], body: { participants: number[] }) => calls.notifyParticipants(id, body.participants),
      ],
      [/^case\/(\d+)\/participants\/notify\/all\/$/, ([id]) => calls.notifyAllVendors(id)],
      [
        /^api\/case\/transfers\/$/,
        (_m, body: { case: number; connection: number }) => calls.startTransfer(body.case, body.connection),
      ],
    ],
    patch: [
      [/^api\/cases\/(\d+)\/$/, ([id], body) => calls.updateCase(id, body)],
      [/^api\/case\/(\d+)\/user\/$/, ([id], body: { muted: boolean }) => calls.setCaseMuted(id, body.muted)],
      [
        /^api\/case\/participant\/(\d+)\/$/,
        ([id], body: { role: CaseRole }) => calls.changeParticipantRole(id, body.role),
      ],
    ],
    delete: [[/^api\/case\/participant\/(\d+)\/$/, ([id]) => calls.removeParticipant(id)]],
  };
  answerCalls(routes, Number);
  return calls;
}
