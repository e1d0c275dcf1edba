// Reading the activity log: one case's rows, or the rows of every case the caller may see, newest first,
// as the policy's `activity.read` filters them. `q` narrows by words: each must appear in the verb, the
// object type, the actor's name (or, across cases, the case title). No HTTP here.
import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_KIND_TYPES, type ActivityKind, CASE_STATUS_VERBS } from '@cvdp/core';
import { type Db, activity, users } from '@cvdp/server-kit';
import { escapeLike } from '../accounts/like-pattern.ts';
import { cases } from '../cases/tables.ts';
import { type Caller, type CaseAccess, filter } from '../policy/index.ts';

/** Words that only make the sentence read ("edited the report"): they narrow nothing. */
const FILLER = new Set(['the', 'a', 'an', 'of', 'to']);

export function activityWords(q: string | undefined): string[] {
  if (!q) return [];
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w && !FILLER.has(w)),
    ),
  ].slice(0, 10);
}

function matchesWords(words: string[], acrossCases: boolean): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        ilike(activity.verb, pattern),
        // object types are stored with underscores (api_token): "api token" should find them too.
        sql`replace(${activity.objectType}, '_', ' ') ilike ${pattern}`,
        ilike(users.name, pattern),
        acrossCases ? ilike(cases.title, pattern) : undefined,
      );
    }),
  );
}

/** Rows of one kind (`?kind=`): its object types; `status` also the case's own status changes. */
function ofKind(kind: ActivityKind | undefined): SQL | undefined {
  if (!kind) return undefined;
  const types = inArray(activity.objectType, [...ACTIVITY_KIND_TYPES[kind]]);
  if (kind !== 'status') return types;
  return or(types, and(eq(activity.objectType, 'case'), inArray(activity.verb, [...CASE_STATUS_VERBS])));
}

/** How a list is narrowed: words (`q`) and a kind. */
export interface ActivityFilter {
  words: string[];
  kind?: ActivityKind;
}

/** The row's before/after values may be shown (the policy's `activity.read_details`), as a column. */
const detailsVisible = (subject: CaseAccess | Caller) => {
  const condition = filter('activity.read_details', subject);
  return condition ? sql<boolean>`coalesce((${condition}), false)` : sql<boolean>`true`;
};

const columns = (subject: CaseAccess | Caller) => ({
  id: activity.id,
  caseId: activity.caseId,
  caseTitle: cases.title,
  actorId: activity.actorId,
  actorName: users.name,
  verb: activity.verb,
  objectType: activity.objectType,
  objectId: activity.objectId,
  before: activity.before,
  after: activity.after,
  at: activity.at,
  details: detailsVisible(subject),
});

export interface ActivityRow {
  id: number;
  caseId: number | null;
  caseTitle: string;
  actorId: number | null;
  actorName: string | null;
  verb: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
  at: Date;
  /** Whether before/after may be shown to this caller. */
  details: boolean;
}

/** Rows of one case the caller may see. */
const inCase = (access: CaseAccess, f: ActivityFilter) =>
  and(
    eq(activity.caseId, access.caseId),
    filter('activity.read', access),
    matchesWords(f.words, false),
    ofKind(f.kind),
  );

/** Rows of every case the caller may see (account-level rows, with no case, are not case activity). */
const acrossCases = (caller: Caller, f: ActivityFilter) =>
  and(
    isNotNull(activity.caseId),
    filter('activity.read', caller),
    matchesWords(f.words, true),
    ofKind(f.kind),
  );

// The inner join on cases keeps to rows of cases that exist (the log's case_id has no foreign key, and the
// per-row check answers 404 for a case that is gone).
async function countWhere(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activity)
    .innerJoin(cases, eq(cases.id, activity.caseId))
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(where);
  return row.n;
}

function listWhere(
  db: Db,
  subject: CaseAccess | Caller,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<ActivityRow[]> {
  return db
    .select(columns(subject))
    .from(activity)
    .innerJoin(cases, eq(cases.id, activity.caseId))
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(where)
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(limit)
    .offset(offset);
}

export const countCaseActivity = (db: Db, access: CaseAccess, f: ActivityFilter) =>
  countWhere(db, inCase(access, f));

export const listCaseActivity = (
  db: Db,
  access: CaseAccess,
  f: ActivityFilter,
  limit: number,
  offset: number,
) => listWhere(db, access, inCase(access, f), limit, offset);

export const countAllActivity = (db: Db, caller: Caller, f: ActivityFilter) =>
  countWhere(db, acrossCases(caller, f));

export const listAllActivity = (db: Db, caller: Caller, f: ActivityFilter, limit: number, offset: number) =>
  listWhere(db, caller, acrossCases(caller, f), limit, offset);
