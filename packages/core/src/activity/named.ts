// Activity that names its object (issue 26 item 5): "posted in 'Coordination with Acme'", "marked 'Patch
// timeline' official", "changed Acme's status for VU#51.1 to affected". The server resolves the names when
// it reads the log (only those the reader may see) and builds the sentence here; a row whose object has no
// name for this reader (gone, or not theirs to see) keeps the generic phrase of index.ts.

/** What a row is about, as the server named it for this reader. */
export interface ActivityObjectName {
  /** The object's name: a thread's subject, a participant's name, a vulnerability's label, an advisory's title. */
  name: string;
  /** vendor_status: the vulnerability's label and the status set. */
  vul?: string;
  status?: string;
  /** thread: the `official` value an edit set. */
  official?: boolean;
}

const q = (name: string) => `'${name}'`;

type Phrase = (o: ActivityObjectName) => string | undefined;

/** Phrases keyed `object_type:verb`; undefined when the row lacks what the phrase needs. */
const NAMED: Readonly<Record<string, Phrase>> = {
  'post:posted': (o) => `posted in ${q(o.name)}`,
  'post:replied': (o) => `replied in ${q(o.name)}`,
  'post:edited post': (o) => `edited a post in ${q(o.name)}`,
  'post:pinned post': (o) => `pinned a post in ${q(o.name)}`,
  'post:unpinned post': (o) => `unpinned a post in ${q(o.name)}`,
  'post:removed post': (o) => `removed a post in ${q(o.name)}`,
  'post:reacted': (o) => `reacted to a post in ${q(o.name)}`,
  'post:took back reaction': (o) => `took back a reaction in ${q(o.name)}`,
  'thread:started thread': (o) => `started the thread ${q(o.name)}`,
  'thread:edited thread': (o) =>
    o.official === true
      ? `marked ${q(o.name)} official`
      : o.official === false
        ? `marked ${q(o.name)} not official`
        : `edited the thread ${q(o.name)}`,
  'thread:archived thread': (o) => `archived the thread ${q(o.name)}`,
  'thread:unarchived thread': (o) => `unarchived the thread ${q(o.name)}`,
  'thread:deleted thread': (o) => `deleted the thread ${q(o.name)}`,
  'thread:removed thread participant': (o) => `removed a participant from the thread ${q(o.name)}`,
  'participant:added participant': (o) => `added ${o.name} to the case`,
  'participant:removed participant': (o) => `removed ${o.name} from the case`,
  'participant:changed participant role': (o) => `changed ${o.name}'s role`,
  'participant:notified participant': (o) => `sent the case notice to ${o.name}`,
  'vendor_status:set': (o) =>
    o.vul && o.status ? `set ${o.name}'s status for ${o.vul} to ${o.status}` : undefined,
  'vendor_status:changed': (o) =>
    o.vul && o.status ? `changed ${o.name}'s status for ${o.vul} to ${o.status}` : undefined,
  'vul:created': (o) => `added ${o.name}`,
  'vul:created from report': (o) => `created ${o.name} from the report`,
  'vul:edited': (o) => `edited ${o.name}`,
  'vul:deleted': (o) => `deleted ${o.name}`,
  'vul:scored CVSS': (o) => `scored ${o.name} with CVSS`,
  'vul:removed CVSS score': (o) => `removed ${o.name}'s CVSS score`,
  'vul:decided SSVC': (o) => `made an SSVC decision for ${o.name}`,
  'vul:removed SSVC decision': (o) => `removed ${o.name}'s SSVC decision`,
  'vul:published CVE record': (o) => `published the CVE record of ${o.name}`,
  'vul:updated CVE record': (o) => `updated the CVE record of ${o.name}`,
  'advisory:saved revision': (o) => `saved a revision of the advisory ${q(o.name)}`,
  'advisory:edited revision': (o) => `edited the advisory ${q(o.name)}`,
  'advisory:shared': (o) => `shared the advisory ${q(o.name)} with the participants`,
  'advisory:published': (o) => `published the advisory ${q(o.name)}`,
  'advisory:imported CSAF': (o) => `imported a CSAF file as the advisory ${q(o.name)}`,
  'approval:requested approval': (o) => `asked ${o.name} to approve the advisory`,
  'approval:approved': (o) => `approved the advisory for ${o.name}`,
  'approval:requested changes': (o) => `requested changes to the advisory for ${o.name}`,
};

/** The phrase naming the object, or undefined when the row has no named phrase (the generic one is used). */
export function activityNamedPhrase(
  verb: string,
  objectType: string,
  object: ActivityObjectName,
): string | undefined {
  return NAMED[`${objectType}:${verb}`]?.(object);
}

/**
 * The kinds a case's activity can be narrowed to (`?kind=`), and the object types each holds. A case's
 * status changes are rows of the case itself, picked by their verbs.
 */
export const ACTIVITY_KINDS = [
  'posts',
  'participants',
  'status',
  'vulnerabilities',
  'advisory',
  'embargo',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_TYPES: Readonly<Record<ActivityKind, readonly string[]>> = {
  posts: ['post', 'thread'],
  participants: ['participant', 'case_participant'],
  status: ['vendor_status'],
  vulnerabilities: ['vul', 'vul_attribute', 'cve_reservation'],
  advisory: ['advisory', 'approval', 'csaf_settings'],
  embargo: ['embargo'],
};

/** The case's own verbs that change its status (kind `status` holds them beside vendor statuses). */
export const CASE_STATUS_VERBS: readonly string[] = [
  'activated',
  'closed',
  'reopened',
  'changed status',
  'status changed',
];

export const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  posts: 'Posts',
  participants: 'Participants',
  status: 'Status',
  vulnerabilities: 'Vulnerabilities',
  advisory: 'Advisory',
  embargo: 'Embargo',
};
