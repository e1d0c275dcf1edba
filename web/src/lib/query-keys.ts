// Every TanStack Query key of the app, one factory per domain, so a screen that changes data invalidates
// exactly what another screen reads. Keys start with their domain; `all` is the prefix to invalidate.
export const queryKeys = {
  auth: {
    /** GET /api/user/: who is signed in (null when nobody is). */
    currentUser: () => ['auth', 'current-user'] as const,
  },
  account: {
    tokens: () => ['account', 'tokens'] as const,
    /** GET /api/user/second-factors/: my factors, recovery codes left, the requirement. */
    secondFactors: () => ['account', 'second-factors'] as const,
    /** GET /api/groups/: the group directory, to ask to join one. */
    groupDirectory: () => ['account', 'group-directory'] as const,
  },
  admin: {
    /** GET /manage/second-factors/: the requirement of a second factor for staff roles. */
    secondFactorPolicy: () => ['admin', 'second-factor-policy'] as const,
    reportLimits: () => ['admin', 'report-limits'] as const,
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
    webhooks: {
      /** GET /manage/webhooks/: the endpoints. */
      all: () => ['admin', 'webhooks'] as const,
      /** GET /manage/webhook/{id}/deliveries/: an endpoint's delivery log, a page of it. */
      deliveries: (id: number, page?: number) =>
        page === undefined
          ? (['admin', 'webhooks', id, 'deliveries'] as const)
          : (['admin', 'webhooks', id, 'deliveries', page] as const),
    },
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
    /** GET /api/case/{id}/duplicates/: the report's likely duplicates. */
    duplicates: (caseId: number) => ['cases', 'duplicates', caseId] as const,
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
    activity: (caseId: number, q: string, kind = '') => ['cases', 'activity', caseId, q, kind] as const,
    /** GET /api/case/{id}/transfers/ (a page of them) and the connections a case can go to. */
    transfers: (caseId: number, page: number) => ['cases', 'transfers', caseId, page] as const,
    transferTargets: () => ['cases', 'transfer-targets'] as const,
  },
  reports: {
    mine: {
      all: () => ['reports', 'mine'] as const,
      page: (page: number) => ['reports', 'mine', page] as const,
    },
  },
  /** The desk's lists (GET /api/cases/, /api/triage/, /api/search/): a case change invalidates `all`. */
  desk: {
    all: () => ['desk'] as const,
    /** One page of a case list: its filters, ordering and page as the URL has them. */
    cases: (params: Record<string, unknown>) => ['desk', 'cases', params] as const,
    triage: (params: Record<string, unknown>) => ['desk', 'triage', params] as const,
    search: (query: string, page: number) => ['desk', 'search', query, page] as const,
    /** GET /api/case/metadata/ for the All cases filters (tags). */
    metadata: () => ['desk', 'metadata'] as const,
    /** GET /api/triage/messages/: the bulk close's message templates. */
    triageMessages: () => ['desk', 'triage-messages'] as const,
  },
  notifications: {
    all: () => ['notifications'] as const,
    /** The unread count the layout's bell shows. */
    unreadCount: () => ['notifications', 'unread-count'] as const,
    /** The newest few, for the bell's menu. */
    latest: () => ['notifications', 'latest'] as const,
    page: (page: number, unread: boolean) => ['notifications', 'page', page, unread] as const,
    /** Action needed: the caller's open requests (the bell and the desk). */
    actions: () => ['notifications', 'actions'] as const,
    /** How conversation is emailed (account settings). */
    preferences: () => ['notifications', 'preferences'] as const,
    /** The caller's follow/mute choice for one thread. */
    threadFollow: (threadId: number) => ['notifications', 'thread-follow', threadId] as const,
  },
  /** A case's threads and their posts (the Threads tab). */
  markdown: {
    /** POST /api/markdown/preview/: the server's rendering of one text (the key holds the text). */
    preview: (text: string) => ['markdown', 'preview', text] as const,
  },
  threads: {
    /** Every thread list of a case: invalidate after a thread changes or a post is read. */
    lists: (caseId: number) => ['threads', 'lists', caseId] as const,
    list: (caseId: number, filter: string) => ['threads', 'lists', caseId, filter] as const,
    detail: (threadId: number) => ['threads', 'detail', threadId] as const,
    participants: (threadId: number) => ['threads', 'participants', threadId] as const,
    caseParticipants: (caseId: number) => ['threads', 'case-participants', caseId] as const,
    /** Every post list of a thread (pages, pinned, searches): invalidate on a live event. */
    posts: (threadId: number) => ['threads', 'posts', threadId] as const,
    postPages: (threadId: number, search: string, around: number | null = null) =>
      ['threads', 'posts', threadId, 'pages', search, around] as const,
    /** The caller's place in the thread when it was opened (not under `posts`: refreshing posts keeps it). */
    read: (threadId: number) => ['threads', 'read', threadId] as const,
    pinned: (threadId: number) => ['threads', 'posts', threadId, 'pinned'] as const,
    history: (postId: number) => ['threads', 'history', postId] as const,
  },
  /** A case's vulnerabilities, their SSVC history and the vendor status grid (the Vulnerabilities tab). */
  vuls: {
    /** Everything of a case's vulnerabilities: invalidate after any change to them or their scores. */
    all: (caseId: number) => ['vuls', caseId] as const,
    list: (caseId: number) => ['vuls', caseId, 'list'] as const,
    ssvcHistory: (caseId: number, vulId: number) => ['vuls', caseId, 'ssvc-history', vulId] as const,
    vendorStatus: (caseId: number) => ['vuls', caseId, 'vendor-status'] as const,
    /** The catalogue's vulnerability attributes, for the vulnerability form (staff). */
    attributes: () => ['vuls', 'attributes'] as const,
  },
  /** A case's embargo (the card in the case header) and its hash-chained log. */
  embargo: {
    all: (caseId: number) => ['embargo', caseId] as const,
    view: (caseId: number) => ['embargo', caseId, 'view'] as const,
    log: (caseId: number) => ['embargo', caseId, 'log'] as const,
  },
  /** A case's advisory: its revisions, their diffs and the vendors' approvals (the Advisory tab). */
  advisories: {
    /** Everything of a case's advisory: invalidate after saving, sharing, publishing or an approval. */
    all: (caseId: number) => ['advisories', caseId] as const,
    revisions: (caseId: number) => ['advisories', caseId, 'revisions'] as const,
    diff: (caseId: number, from: number, to: number) => ['advisories', caseId, 'diff', from, to] as const,
    approvals: (caseId: number) => ['advisories', caseId, 'approvals'] as const,
    /** What publishing the latest revision now would be blocked by (issue 25). */
    blockers: (caseId: number) => ['advisories', caseId, 'blockers'] as const,
    /** The case's scheduled publication. */
    schedule: (caseId: number) => ['advisories', caseId, 'schedule'] as const,
    csafProfiles: () => ['advisories', 'csaf-profiles'] as const,
    csafSettings: (caseId: number) => ['advisories', caseId, 'csaf-settings'] as const,
    /** The case's vendor participants, for the CSAF settings' product tree overrides. */
    csafVendors: (caseId: number) => ['advisories', caseId, 'csaf-vendors'] as const,
  },
  /** CVE Services accounts, their reserved ids (scorers and admins) and a vulnerability's CVE record. */
  cve: {
    accounts: () => ['cve', 'accounts'] as const,
    account: (id: number) => ['cve', 'accounts', id] as const,
    accountOptions: () => ['cve', 'account-options'] as const,
    /** Every reservation list: invalidate after reserving or assigning. */
    reservations: () => ['cve', 'reservations'] as const,
    reservationPage: (accountId: number, page: number) => ['cve', 'reservations', accountId, page] as const,
    record: (vulId: number) => ['cve', 'record', vulId] as const,
    /** Under the case's vulnerabilities (vuls.all): every change to them refreshes what the record needs. */
    readiness: (caseId: number, vulId: number) => ['vuls', caseId, 'cve-readiness', vulId] as const,
  },
  dashboard: {
    metrics: (start: string, end: string, user?: number) =>
      ['dashboard', 'metrics', start, end, user] as const,
    weekly: () => ['dashboard', 'weekly'] as const,
  },
  /** The scoring service (base 2): the queue and one vulnerability with its analysis, changes and activity. */
  scoring: {
    all: ['scoring'] as const,
    queue: (params: Record<string, string>) => ['scoring', 'queue', params] as const,
    vul: (id: string) => ['scoring', 'vul', id] as const,
    analysis: (id: string) => ['scoring', 'vul', id, 'analysis'] as const,
    changes: (id: string, page: number) => ['scoring', 'vul', id, 'changes', page] as const,
    activity: (id: string, page: number) => ['scoring', 'vul', id, 'activity', page] as const,
    /** Every predisclosure list and vulnerability: invalidate after a change to one. */
    predisclosureAll: () => ['scoring', 'predisclosure'] as const,
    predisclosure: (params: Record<string, string>) => ['scoring', 'predisclosure', params] as const,
    predisclosureVul: (id: number) => ['scoring', 'predisclosure', 'vul', id] as const,
    /** Every CPE search: invalidate after a CPE is added. */
    cpesAll: () => ['scoring', 'cpes'] as const,
    cpes: (query: string, page: number) => ['scoring', 'cpes', query, page] as const,
    cpeVuls: (cpe: string, page: number) => ['scoring', 'cpe-vuls', cpe, page] as const,
    scorers: () => ['scoring', 'scorers'] as const,
    priorities: () => ['scoring', 'priorities'] as const,
    assignments: () => ['scoring', 'assignments'] as const,
    ingestJob: (id: number) => ['scoring', 'ingest', id] as const,
    insights: (kind: string, range: Record<string, string | undefined>) =>
      ['scoring', 'insights', kind, range] as const,
  },
  /** The administration catalogue (admins): resolutions, tags, vulnerability attributes, connections. */
  catalogue: {
    all: () => ['catalogue'] as const,
    resolutions: () => ['catalogue', 'resolutions'] as const,
    tags: () => ['catalogue', 'tags'] as const,
    /** Every tag with its carriers' count: under `tags`, so a change of the catalogue refreshes it too. */
    tagUsage: () => ['catalogue', 'tags', 'usage'] as const,
    tagOptions: () => ['catalogue', 'tag-options'] as const,
    vulAttributes: () => ['catalogue', 'vul-attributes'] as const,
    connections: () => ['catalogue', 'connections'] as const,
  },
  /** Email templates (admins): a filtered page of them and the preview of a draft. */
  emailTemplates: {
    all: () => ['email-templates'] as const,
    list: (filter: { page: number; search: string; type: string }) =>
      ['email-templates', 'list', filter] as const,
    preview: (kind: string, subject: string, body: string) =>
      ['email-templates', 'preview', kind, subject, body] as const,
  },
  /** The audit log (admins): a filtered page of changes outside cases, and people to filter by. */
  audit: {
    all: () => ['audit'] as const,
    list: (filter: { page: number; object_type: string; actor: string; since: string; until: string }) =>
      ['audit', 'list', filter] as const,
    actors: (search: string) => ['audit', 'actors', search] as const,
  },
} as const;
