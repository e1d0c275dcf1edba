// Every TanStack Query key of the app, one factory per domain, so a screen that changes data invalidates
// exactly what another screen reads. Keys start with their domain; `all` is the prefix to invalidate.
export const queryKeys = {
  auth: {
    /** GET /api/user/: who is signed in (null when nobody is). */
    currentUser: () => ['auth', 'current-user'] as const,
  },
  account: {
    tokens: () => ['account', 'tokens'] as const,
    /** GET /api/groups/: the group directory, to ask to join one. */
    groupDirectory: () => ['account', 'group-directory'] as const,
  },
  admin: {
    pendingUsers: {
      all: () => ['admin', 'pending-users'] as const,
      page: (page: number) => ['admin', 'pending-users', page] as const,
    },
    users: {
      all: () => ['admin', 'users'] as const,
      list: (page: number, search: string) => ['admin', 'users', page, search] as const,
    },
    groups: () => ['admin', 'groups'] as const,
    groupRequests: () => ['admin', 'group-requests'] as const,
  },
  cases: {
    detail: (caseId: number) => ['cases', 'detail', caseId] as const,
    /**
     * The case loaded for the report edit form: its own entry, fetched fresh for each opening and never
     * refetched while the form is open (invalidating the case's detail does not touch it).
     */
    forReportEdit: (caseId: number) => ['cases', 'for-report-edit', caseId] as const,
    artifacts: (caseId: number) => ['cases', 'artifacts', caseId] as const,
    originalReport: (caseId: number) => ['cases', 'original-report', caseId] as const,
    /** GET /api/case/{id}/metadata/: the caller's role and permissions in the case. */
    callerMetadata: (caseId: number) => ['cases', 'caller-metadata', caseId] as const,
    /** GET /api/case/metadata/: states, tags, resolutions, roles. */
    listMetadata: () => ['cases', 'list-metadata'] as const,
    relation: (caseId: number) => ['cases', 'relation', caseId] as const,
    assignments: (caseId: number) => ['cases', 'assignments', caseId] as const,
    /** Participants and their summary: invalidate `participantsAll` after a change. */
    participantsAll: (caseId: number) => ['cases', 'participants', caseId] as const,
    participants: (caseId: number) => ['cases', 'participants', caseId, 'list'] as const,
    participantsSummary: (caseId: number) => ['cases', 'participants', caseId, 'summary'] as const,
    activityAll: (caseId: number) => ['cases', 'activity', caseId] as const,
    activity: (caseId: number, q: string) => ['cases', 'activity', caseId, q] as const,
  },
  reports: {
    mine: {
      all: () => ['reports', 'mine'] as const,
      page: (page: number) => ['reports', 'mine', page] as const,
    },
  },
} as const;
