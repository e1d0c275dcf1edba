// Activity and metrics (issue 9).
import { z } from 'zod';
import { idParam } from '../ids/index.ts';
import { isoDate } from '../cases/workspace.ts';
import { ACTIVITY_KINDS } from './named.ts';

export * from './named.ts';

/** A person named in an answer: id and name (UserRef of the case wire shapes). */
const personRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * The values before and after the change: staff only (the policy's `activity.read_details`). They can
 * hold what a participant must not see (the original report, an unshared file's name), so for anyone
 * else the keys are absent.
 */
const staffOnlyValue = z
  .unknown()
  .optional()
  .describe('The value before/after the change: staff only (absent for anyone else).');

/** GET /api/case/{id}/activity/ and /api/case/activity/, newest first. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  case: z.number().int().nullable(),
  case_title: z.string().nullable(),
  actor: personRefSchema.nullable(),
  verb: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  text: z
    .string()
    .describe(
      'A sentence for people, naming the object when the reader may see it: "Cora posted in \'Coordination with Acme\'".',
    ),
  object_name: z
    .string()
    .nullable()
    .describe("The object's name as the sentence quotes it (null: gone, or not the reader's to see)."),
  link: z.string().nullable().describe('Where the object is in the app (a path), if it has a place.'),
  created: z.string(),
  before: staffOnlyValue,
  after: staffOnlyValue,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityQuery = z.object({
  q: z.string().trim().max(200, 'q must be at most 200 characters.').optional(),
  kind: z
    .enum(ACTIVITY_KINDS, `Unknown kind: use one of ${ACTIVITY_KINDS.join(', ')}.`)
    .optional()
    .describe('Only rows of this kind (posts, participants, status, vulnerabilities, advisory, embargo).'),
});

/**
 * The object types a log row names, as people say them. An object type not listed reads as its name with
 * underscores as spaces.
 */
const OBJECT_NOUNS: Record<string, string> = {
  case: 'case',
  report: 'report',
  participant: 'participant',
  case_participant: 'participant',
  assignment: 'assignment',
  case_assignment: 'assignment',
  artifact: 'file',
  notification: 'notification',
  api_token: 'API token',
  group_request: 'group request',
  auto_assignment_role: 'auto-assignment role',
  email_template: 'email template',
  advisory: 'advisory',
  approval: 'approval',
  csaf_settings: 'CSAF settings',
  csaf_profile: 'CSAF profile',
  vul: 'vulnerability',
};

export const activityObjectNoun = (objectType: string) =>
  OBJECT_NOUNS[objectType] ?? objectType.replace(/_/g, ' ');

/**
 * What the actor did, keyed `object_type:verb` (or the verb alone, for verbs that say their object). The
 * verbs of the codebase: a writer that adds a new verb should add its phrase here; until then the generic
 * phrase (`verb the object`) reads well for a plain verb ("archived" → "archived the thread").
 */
export const ACTIVITY_PHRASES: Readonly<Record<string, string>> = {
  // reports
  'submitted report': 'submitted the report',
  'edited report': 'edited the report',
  'added report': 'added a report to the case',
  'report:added': 'added a report to the case',
  // the case
  'case:created': 'created the case',
  'case:activated': 'activated the case',
  'case:closed': 'closed the case',
  'case:reopened': 'reopened the case',
  'case:updated': 'updated the case',
  'case:edited': 'edited the case',
  'case:changed status': 'changed the status of the case',
  'case:status changed': 'changed the status of the case',
  'case:notified': 'sent the case notice',
  'case:notified vendors': 'sent the case notice to the vendors',
  'case:muted': 'muted the case',
  'case:unmuted': 'unmuted the case',
  'muted case': 'muted the case',
  'unmuted case': 'unmuted the case',
  // participants
  'added participant': 'added a participant',
  'removed participant': 'removed a participant',
  'changed participant role': "changed a participant's role",
  'notified participant': 'sent the case notice to a participant',
  'participant:added': 'added a participant',
  'participant:removed': 'removed a participant',
  'participant:changed role': "changed a participant's role",
  'participant:updated': "changed a participant's role",
  'participant:notified': 'sent the case notice to a participant',
  // threads and posts (the thread's name is added when the reader may see it: named.ts)
  'post:posted': 'posted in a thread',
  'post:replied': 'replied in a thread',
  'post:edited post': 'edited a post',
  'post:pinned post': 'pinned a post',
  'post:unpinned post': 'unpinned a post',
  'post:removed post': 'removed a post',
  'post:reacted': 'reacted to a post',
  'post:took back reaction': 'took back a reaction',
  'thread:started thread': 'started a thread',
  'thread:removed thread participant': 'removed a participant from a thread',
  // vendor statuses
  'vendor_status:set': "set a vendor's status",
  'vendor_status:changed': "changed a vendor's status",
  // assignments
  'assignment:assigned': 'assigned a coordinator',
  'assignment:auto-assigned': 'assigned a coordinator automatically',
  'assignment:unassigned': 'unassigned a coordinator',
  'case:assigned': 'assigned a coordinator',
  'case:unassigned': 'unassigned a coordinator',
  'auto_assignment_role:created auto-assignment role': 'created an auto-assignment role',
  'auto_assignment_role:changed auto-assignment role': 'changed an auto-assignment role',
  'auto_assignment_role:deleted auto-assignment role': 'deleted an auto-assignment role',
  'resolution_option:added resolution': 'added a resolution option',
  'resolution_option:removed resolution': 'removed a resolution option',
  // files
  'artifact:uploaded': 'uploaded a file',
  'artifact:shared': 'shared a file',
  'artifact:unshared': 'stopped sharing a file',
  'artifact:deleted': 'deleted a file',
  'file_storage:reconciled': 'checked stored files against their rows',
  // the advisory and its approvals
  'advisory:saved revision': 'saved a revision of the advisory',
  'advisory:edited revision': 'edited the latest revision of the advisory',
  'advisory:shared': 'shared the advisory with the participants',
  'advisory:published': 'published the advisory',
  'advisory:imported CSAF': 'imported a CSAF file as a revision of the advisory',
  'csaf_settings:changed CSAF settings': 'changed the CSAF settings',
  'approval:requested approval': 'asked a vendor to approve the advisory',
  'approval:approved': 'approved the advisory',
  'approval:requested changes': 'requested changes to the advisory',
  // vulnerabilities, their CVSS scores and SSVC decisions
  'vul:created': 'added a vulnerability',
  'vul:created from report': 'created a vulnerability from the report',
  'vul:edited': 'edited a vulnerability',
  'vul:deleted': 'deleted a vulnerability',
  'vul:scored CVSS': 'scored a vulnerability with CVSS',
  'vul:removed CVSS score': "removed a vulnerability's CVSS score",
  'vul:decided SSVC': 'made an SSVC decision for a vulnerability',
  'vul:removed SSVC decision': "removed a vulnerability's SSVC decision",
  // accounts (not case rows, but the log holds them)
  'user:registered': 'registered',
  'user:changed password': 'changed their password',
  'user:rejected registration': 'rejected a registration',
};

const ARTICLES = new Set(['the', 'a', 'an', 'this', 'their', 'its']);

/** The phrase for a verb on an object: from the table, else the verb with "the <object>". */
export function activityPhrase(verb: string, objectType: string): string {
  const known = ACTIVITY_PHRASES[`${objectType}:${verb}`] ?? ACTIVITY_PHRASES[verb];
  if (known) return known;
  const noun = activityObjectNoun(objectType);
  const words = verb.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return `changed the ${noun}`;
  // "approved user" → "approved the user"; a verb that already names its object gets an article only.
  const at = words.findIndex((w, i) => i > 0 && (w === objectType || w === noun));
  if (at > 0) {
    if (!ARTICLES.has(words[at - 1])) words.splice(at, 0, 'the');
    return words.join(' ');
  }
  return `${words.join(' ')} the ${noun}`;
}

/** "Ana Admin activated the case"; an actor whose account is gone is "Someone". */
export const activitySentence = (actorName: string | null, verb: string, objectType: string) =>
  `${actorName?.trim() || 'Someone'} ${activityPhrase(verb, objectType)}`;

export const METRICS_MAX_DAYS = 366;

/** GET /api/metrics/?start=yyyy-MM-dd&end=yyyy-MM-dd[&user=] (staff). */
export const metricsQuery = z
  .object({ start: isoDate, end: isoDate, user: idParam.optional() })
  .refine((q) => q.start <= q.end, { message: 'start must not be after end.', path: ['start'] })
  .refine((q) => (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 < METRICS_MAX_DAYS, {
    message: `The range can be at most ${METRICS_MAX_DAYS} days.`,
    path: ['end'],
  });

export const metricsDaySchema = z.object({
  date: z.string(),
  opened: z.number().int(),
  activated: z.number().int(),
  closed: z.number().int(),
});
export type MetricsDay = z.infer<typeof metricsDaySchema>;

export const durationStatsSchema = z.object({
  count: z.number().int().describe('Cases measured.'),
  median_hours: z.number().nullable(),
  mean_hours: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

/** GET /api/metrics/ (staff). */
export const metricsSchema = z.object({
  start: z.string(),
  end: z.string(),
  user: personRefSchema.nullable(),
  days: z.array(metricsDaySchema),
  totals: z.object({ opened: z.number().int(), activated: z.number().int(), closed: z.number().int() }),
  time_to_first_response: durationStatsSchema.describe(
    'From submission to the first action of a coordinator.',
  ),
  time_to_close: durationStatsSchema.describe('From submission to closing.'),
});
export type Metrics = z.infer<typeof metricsSchema>;

export const UNKNOWN_METRICS_USER = 'No such user.';
