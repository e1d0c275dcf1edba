// Naming what a page of activity is about (issue 26 item 5): each row's object — a post's thread, a thread,
// a participant, a vulnerability, a vendor status, an advisory revision, an approval — resolved when the log
// is read, from the object's own row, in one indexed statement per object type on the page (never one per
// row). Read-time naming keeps every row ever written working (no backfill), shows today's name (a thread
// renamed since), and asks the policy about the object itself: a name the reader may not see (a restricted
// thread's subject, an unshared advisory's title) is never resolved for them, and the row keeps its
// generic sentence. A row whose object is gone keeps it too, except for staff, whose rows still hold the
// name in their before/after values (a deleted thread's subject).
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { type ActivityObjectName, vulLabel } from '@cvdp/core';
import { type Db, groups, users } from '@cvdp/server-kit';
import { advisoryApprovals, advisoryRevisions } from '../advisories/tables.ts';
import { caseParticipants } from '../cases/tables.ts';
import { type Caller, type CaseAccess, filter } from '../policy/index.ts';
import { posts } from '../posts/tables.ts';
import { threads } from '../threads/tables.ts';
import { vendorStatus } from '../vendor-status/tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import type { ActivityRow } from './store.ts';

export interface NamedObject extends ActivityObjectName {
  link: string | null;
}

const caseLink = (caseId: number, tab?: string) => `/cvdp/cases/${caseId}${tab ? `/${tab}` : ''}`;
const threadLink = (caseId: number, threadId: number, postId?: number) =>
  `${caseLink(caseId, 'threads')}?thread=${threadId}${postId ? `&post=${postId}` : ''}`;

/** Where an object without a name of its own lives (the tab of its kind). */
const TABS: Record<string, string | undefined> = {
  post: 'threads',
  thread: 'threads',
  participant: 'participants',
  vul: 'vulnerabilities',
  vendor_status: 'vulnerabilities',
  advisory: 'advisory',
  approval: 'advisory',
  artifact: 'artifacts',
  report: undefined,
  case: undefined,
  embargo: undefined,
};

/** The link of a row whose object has no name for this reader: its kind's tab, if it has one. */
export function fallbackLink(row: ActivityRow): string | null {
  if (row.caseId === null || !(row.objectType in TABS)) return null;
  return caseLink(row.caseId, TABS[row.objectType]);
}

const participantName = sql<string>`coalesce(${users.name}, ${groups.name}, '')`;

/** Ids of the rows of one object type (object_id is text: rows with a non-numeric one name nothing). */
function idsOf(rows: ActivityRow[], type: string): number[] {
  return [
    ...new Set(
      rows
        .filter((r) => r.objectType === type && /^\d{1,9}$/.test(r.objectId))
        .map((r) => Number(r.objectId)),
    ),
  ];
}

const orTrue = (condition: SQL | undefined) => condition ?? sql`true`;

type Subject = CaseAccess | Caller;
type Lookup = (db: Db, subject: Subject, ids: number[]) => Promise<Map<number, NamedObject>>;

const LOOKUPS: Record<string, Lookup> = {
  async post(db, subject, ids) {
    const found = await db
      .select({ id: posts.id, threadId: posts.threadId, caseId: posts.caseId, subject: threads.subject })
      .from(posts)
      .innerJoin(threads, eq(threads.id, posts.threadId))
      .where(and(inArray(posts.id, ids), orTrue(filter('thread.read', subject))));
    return new Map(
      found.map((r) => [r.id, { name: r.subject, link: threadLink(r.caseId, r.threadId, r.id) }]),
    );
  },
  async thread(db, subject, ids) {
    const found = await db
      .select({ id: threads.id, caseId: threads.caseId, subject: threads.subject })
      .from(threads)
      .where(and(inArray(threads.id, ids), orTrue(filter('thread.read', subject))));
    return new Map(found.map((r) => [r.id, { name: r.subject, link: threadLink(r.caseId, r.id) }]));
  },
  // Every participant of a case sees its participants (the participants tab) and their log rows.
  async participant(db, _subject, ids) {
    const found = await db
      .select({ id: caseParticipants.id, caseId: caseParticipants.caseId, name: participantName })
      .from(caseParticipants)
      .leftJoin(users, eq(users.id, caseParticipants.userId))
      .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
      .where(inArray(caseParticipants.id, ids));
    return new Map(
      found
        .filter((r) => r.name)
        .map((r) => [r.id, { name: r.name, link: caseLink(r.caseId, 'participants') }]),
    );
  },
  async vul(db, subject, ids) {
    const found = await db
      .select({ id: vulnerabilities.id, caseId: vulnerabilities.caseId, localId: vulnerabilities.localId })
      .from(vulnerabilities)
      .where(and(inArray(vulnerabilities.id, ids), orTrue(filter('vul.read', subject))));
    return new Map(
      found.map((r) => [
        r.id,
        { name: vulLabel(r.caseId, r.localId), link: caseLink(r.caseId, 'vulnerabilities') },
      ]),
    );
  },
  async vendor_status(db, subject, ids) {
    const found = await db
      .select({
        id: vendorStatus.id,
        caseId: vendorStatus.caseId,
        name: participantName,
        localId: vulnerabilities.localId,
      })
      .from(vendorStatus)
      .innerJoin(vulnerabilities, eq(vulnerabilities.id, vendorStatus.vulId))
      .innerJoin(caseParticipants, eq(caseParticipants.id, vendorStatus.participantId))
      .leftJoin(users, eq(users.id, caseParticipants.userId))
      .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
      .where(and(inArray(vendorStatus.id, ids), orTrue(filter('vendor_status.read', subject))));
    return new Map(
      found.map((r) => [
        r.id,
        {
          name: r.name,
          vul: vulLabel(r.caseId, r.localId),
          link: caseLink(r.caseId, 'vulnerabilities'),
        },
      ]),
    );
  },
  async advisory(db, subject, ids) {
    const found = await db
      .select({ id: advisoryRevisions.id, caseId: advisoryRevisions.caseId, title: advisoryRevisions.title })
      .from(advisoryRevisions)
      .where(and(inArray(advisoryRevisions.id, ids), orTrue(filter('advisory.read', subject))));
    return new Map(
      found
        .filter((r) => r.title)
        .map((r) => [r.id, { name: r.title, link: caseLink(r.caseId, 'advisory') }]),
    );
  },
  async approval(db, subject, ids) {
    const found = await db
      .select({ id: advisoryApprovals.id, caseId: advisoryApprovals.caseId, name: participantName })
      .from(advisoryApprovals)
      .innerJoin(caseParticipants, eq(caseParticipants.id, advisoryApprovals.participantId))
      .leftJoin(users, eq(users.id, caseParticipants.userId))
      .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
      .where(and(inArray(advisoryApprovals.id, ids), orTrue(filter('approval.read', subject))));
    return new Map(
      found.filter((r) => r.name).map((r) => [r.id, { name: r.name, link: caseLink(r.caseId, 'advisory') }]),
    );
  },
};

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/**
 * What the row itself adds to its object's name: the status a vendor status was set to, the `official` an
 * edit of a thread set (neither is hidden from who sees the row: the grid and the thread show them), and —
 * for staff only (the row's details) — the name of an object that is gone.
 */
function fromRow(row: ActivityRow, named: NamedObject | undefined): NamedObject | undefined {
  const after = record(row.after);
  const before = record(row.before);
  if (!named && row.details) {
    const gone =
      row.objectType === 'thread'
        ? before.subject
        : row.objectType === 'participant'
          ? after.name
          : undefined;
    if (typeof gone === 'string' && gone) named = { name: gone, link: fallbackLink(row) };
  }
  if (!named) return undefined;
  if (row.objectType === 'vendor_status' && typeof after.status === 'string') {
    return { ...named, status: after.status.replace(/_/g, ' ') };
  }
  if (row.objectType === 'thread' && typeof after.official === 'boolean') {
    return { ...named, official: after.official };
  }
  return named;
}

/** The object of each row of the page that has a name for this reader, by activity row id. */
export async function nameObjects(
  db: Db,
  subject: Subject,
  rows: ActivityRow[],
): Promise<Map<number, NamedObject>> {
  const byType = new Map<string, Map<number, NamedObject>>();
  await Promise.all(
    Object.entries(LOOKUPS).map(async ([type, lookup]) => {
      const ids = idsOf(rows, type);
      if (ids.length > 0) byType.set(type, await lookup(db, subject, ids));
    }),
  );
  const named = new Map<number, NamedObject>();
  for (const row of rows) {
    const found = fromRow(row, byType.get(row.objectType)?.get(Number(row.objectId)));
    if (found) named.set(row.id, found);
  }
  return named;
}
