// Thread queries and changes: a case's threads as the caller may see them (with post count, last post and
// what the caller has not read), starting, changing and deleting a thread, and who a restricted thread is
// open to. Every change writes its activity row in its own transaction. No HTTP here.
//
// Restriction: a thread created with `participants` is open only to those case participants (and staff);
// `threads.restricted` says so. Removing its last participant leaves it restricted — to staff only — rather
// than opening it to the whole case: a conversation meant for one vendor must never fall open to the other
// two hundred because someone was removed (also when the participant leaves the case: the cascade removes
// the thread_participants row, the flag stays).
import { and, asc, count, desc, eq, inArray, type Placeholder, sql, type SQL } from 'drizzle-orm';
import {
  type CaseRole,
  NOT_A_CASE_PARTICIPANT,
  THREAD_HAS_NO_PARTICIPANTS,
  type Thread,
  type ThreadParticipant,
} from '@cvdp/core';
import {
  type AuthUser,
  type Db,
  HttpError,
  type Tx,
  groups,
  preparedOnce,
  recordActivity,
  users,
} from '@cvdp/server-kit';
import { caseParticipants, cases } from '../cases/tables.ts';
import {
  type CaseAccess,
  callerParams,
  caseAccessFieldsPrepared,
  caseAccessOf,
  filter,
} from '../policy/index.ts';
import { threadRestrictedToSql } from '../policy/rules.ts';
import { posts } from '../posts/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { searchEntries } from '../search/tables.ts';
import { threadParticipants, threadReads, threads } from './tables.ts';

export type ThreadRow = typeof threads.$inferSelect;
/** A thread as the policy checks it: with the participant ids it is restricted to (see `threadOpen`). */
export type ThreadAccessRow = ThreadRow & { restrictedTo: number[] };

/** The id of the last post the user has read in the thread in `threadId` (0: none). */
export const lastReadSql = (threadId: SQL | typeof threads.id, userId: number | Placeholder) =>
  sql<number>`coalesce((select ${threadReads.lastReadPostId} from ${threadReads} where ${threadReads.threadId} = ${threadId} and ${threadReads.userId} = ${userId}), 0)`.mapWith(
    Number,
  );

/**
 * `unread` counts at most this many posts: past it the API answers this number, meaning "this many or
 * more" (a reader far behind in a long thread would otherwise cost a count over the whole thread).
 */
export const UNREAD_CAP = 1000;

/** Posts by others past what the caller has read (removed ones do not count), counted up to UNREAD_CAP. */
const unreadSql = (userId: number | Placeholder) =>
  sql<number>`(select count(*) from (select 1 from ${posts} where ${posts.threadId} = ${threads.id} and ${posts.id} > ${lastReadSql(threads.id, userId)} and ${posts.deletedAt} is null and ${posts.authorId} is distinct from ${userId} limit ${UNREAD_CAP}) unread)`.mapWith(
    Number,
  );

/** What every access check needs: the thread, who it is restricted to, and the caller's last read post. */
function threadFields(userId: number | Placeholder) {
  return {
    thread: threads,
    restrictedTo: threadRestrictedToSql(threads.id),
    creatorName: users.name,
    lastRead: lastReadSql(threads.id, userId),
  };
}

/** Threads as the lists and the thread's own call show them: with the caller's `unread` count. */
function selectThreads(db: Db | Tx, userId: number) {
  return db
    .select({ ...threadFields(userId), unread: unreadSql(userId) })
    .from(threads)
    .leftJoin(users, eq(users.id, threads.createdBy));
}

/** A thread loaded for an access check (posts, files, the live stream): without the `unread` count. */
export type AccessThread = Omit<LoadedThread, 'unread'>;
export type LoadedThread = Awaited<ReturnType<ReturnType<typeof selectThreads>['execute']>>[number];

/** The row the policy checks (`thread.read`, `thread.manage`). */
export const accessRow = (t: AccessThread): ThreadAccessRow => ({
  ...t.thread,
  restrictedTo: t.restrictedTo,
});

export function threadView(t: LoadedThread): Thread {
  const { thread } = t;
  return {
    id: thread.id,
    case: thread.caseId,
    subject: thread.subject,
    official: thread.official,
    archived: thread.archived,
    restricted: thread.restricted,
    created: thread.createdAt.toISOString(),
    created_by:
      thread.createdBy !== null && t.creatorName !== null
        ? { id: thread.createdBy, name: t.creatorName }
        : null,
    last_post: thread.lastPostAt ? thread.lastPostAt.toISOString() : null,
    post_count: thread.postCount,
    unread: t.unread,
  };
}

/** One thread with what the caller needs to see it (restriction, unread); undefined when there is none. */
export async function findThread(db: Db | Tx, id: number, userId: number): Promise<LoadedThread | undefined> {
  const [row] = await selectThreads(db, userId).where(eq(threads.id, id));
  return row;
}

/**
 * One thread with its case's access for the caller, in one statement (the access checks of posts, files and
 * the live stream run on every call: one round trip instead of two); `unread` only when asked for, and
 * `extra` fields a caller reads beside the check (the posts list: its page cache's versions) under a name of
 * their own. A named prepared statement per variant and database: built and planned once, not per call.
 * undefined when there is no such thread.
 */
export async function findThreadWithAccess<E extends Record<string, SQL> = Record<never, SQL>>(
  db: Db,
  id: number,
  user: AuthUser,
  unread: boolean,
  extra?: { name: string; fields: E },
): Promise<
  | { loaded: LoadedThread | AccessThread; access: CaseAccess; extra: { [K in keyof E]: SqlValue<E[K]> } }
  | undefined
> {
  const [row] = (await accessStatement(db, unread, extra).execute({
    threadId: id,
    ...callerParams(user),
  })) as AccessStatementRow[];
  if (!row) return undefined;
  const loaded = {
    thread: row.thread,
    restrictedTo: row.restrictedTo,
    creatorName: row.creatorName,
    lastRead: row.lastRead,
    ...(row.unread !== undefined ? { unread: row.unread } : {}),
  };
  const extraValues = (row.extra ?? {}) as { [K in keyof E]: SqlValue<E[K]> };
  return { loaded, access: caseAccessOf(user, row), extra: extraValues };
}

function buildAccessStatement(
  db: Db,
  unread: boolean,
  extra: { name: string; fields: Record<string, SQL> } | undefined,
  name: string,
) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...threadFields(userId),
      ...(unread ? { unread: unreadSql(userId) } : {}),
      ...caseAccessFieldsPrepared(),
      ...(extra ? { extra: extra.fields } : {}),
    })
    .from(threads)
    .innerJoin(cases, eq(cases.id, threads.caseId))
    .leftJoin(users, eq(users.id, threads.createdBy))
    .where(eq(threads.id, sql.placeholder('threadId')))
    .prepare(name);
}

type AccessStatement = ReturnType<typeof buildAccessStatement>;
type AccessStatementRow = Omit<
  Awaited<ReturnType<AccessStatement['execute']>>[number],
  'unread' | 'extra'
> & {
  unread?: number;
  extra?: Record<string, unknown>;
};

function accessStatement(
  db: Db,
  unread: boolean,
  extra: { name: string; fields: Record<string, SQL> } | undefined,
): AccessStatement {
  const name = `thread_access${unread ? '_unread' : ''}${extra ? `_${extra.name}` : ''}`;
  return preparedOnce(db, name, () => buildAccessStatement(db, unread, extra, name));
}

/** What a `sql<T>` fragment reads as. */
type SqlValue<S> = S extends SQL<infer T> ? T : unknown;

export interface ThreadListFilter {
  archived: boolean;
  official?: boolean;
}

function visibleThreads(access: CaseAccess, f: ThreadListFilter) {
  return and(
    eq(threads.caseId, access.caseId),
    eq(threads.archived, f.archived),
    f.official ? eq(threads.official, true) : undefined,
    filter('thread.read', access),
  );
}

export async function countThreads(db: Db, access: CaseAccess, f: ThreadListFilter): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(threads).where(visibleThreads(access, f));
  return n;
}

/** Most recently active first (last post, else creation). */
export async function listThreads(
  db: Db,
  access: CaseAccess,
  f: ThreadListFilter,
  limit: number,
  offset: number,
): Promise<Thread[]> {
  const rows = await selectThreads(db, access.userId)
    .where(visibleThreads(access, f))
    .orderBy(desc(sql`coalesce(${threads.lastPostAt}, ${threads.createdAt})`), desc(threads.id))
    .limit(limit)
    .offset(offset);
  return rows.map(threadView);
}

/** Case participant ids of this case, or a 400 naming `participants` for any that is not. */
async function participantsOfCase(tx: Tx, caseId: number, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) {
    throw new HttpError(400, THREAD_HAS_NO_PARTICIPANTS, { participants: [THREAD_HAS_NO_PARTICIPANTS] });
  }
  const found = await tx
    .select({ id: caseParticipants.id })
    .from(caseParticipants)
    .where(and(eq(caseParticipants.caseId, caseId), inArray(caseParticipants.id, wanted)));
  const known = new Set(found.map((r) => r.id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) {
    const messages = unknown.map(NOT_A_CASE_PARTICIPANT);
    throw new HttpError(400, messages[0], { participants: messages });
  }
  return wanted;
}

/** Starts a thread; with `participants`, restricted to those participants of the case. Returns its id. */
export async function createThread(
  db: Db,
  access: CaseAccess,
  actorId: number,
  input: { subject: string; official?: boolean; participants?: number[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const restrictedTo =
      input.participants !== undefined
        ? await participantsOfCase(tx, access.caseId, input.participants)
        : null;
    const [thread] = await tx
      .insert(threads)
      .values({
        caseId: access.caseId,
        subject: input.subject,
        official: input.official ?? false,
        restricted: restrictedTo !== null,
        createdBy: actorId,
      })
      .returning({ id: threads.id });
    if (restrictedTo) {
      await tx
        .insert(threadParticipants)
        .values(restrictedTo.map((participantId) => ({ threadId: thread.id, participantId })));
    }
    await recordActivity(tx, {
      actorId,
      caseId: access.caseId,
      verb: 'started thread',
      objectType: 'thread',
      objectId: thread.id,
      after: { subject: input.subject, official: input.official ?? false, restricted_to: restrictedTo ?? [] },
    });
    return thread.id;
  });
}

export async function updateThread(
  db: Db,
  thread: ThreadRow,
  actorId: number,
  patch: { subject?: string; official?: boolean; archived?: boolean },
): Promise<void> {
  const changes = Object.fromEntries(
    Object.entries(patch).filter(([k, v]) => v !== undefined && v !== thread[k as keyof typeof patch]),
  ) as typeof patch;
  if (Object.keys(changes).length === 0) return;
  await db.transaction(async (tx) => {
    await tx.update(threads).set(changes).where(eq(threads.id, thread.id));
    // The thread's subject is the title of its posts' search entries.
    if (changes.subject !== undefined) {
      await tx
        .update(searchEntries)
        .set({ title: changes.subject })
        .where(and(eq(searchEntries.threadId, thread.id), eq(searchEntries.type, 'post')));
    }
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, thread[k as keyof typeof patch]]));
    const verb =
      changes.archived === true
        ? 'archived thread'
        : changes.archived === false
          ? 'unarchived thread'
          : 'edited thread';
    await recordActivity(tx, {
      actorId,
      caseId: thread.caseId,
      verb,
      objectType: 'thread',
      objectId: thread.id,
      before,
      after: changes,
    });
  });
}

/** Deletes the thread with its posts (their reactions, revisions and search entries go with them). */
export async function deleteThread(db: Db, thread: ThreadRow, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(threads).where(eq(threads.id, thread.id));
    await recordActivity(tx, {
      actorId,
      caseId: thread.caseId,
      verb: 'deleted thread',
      objectType: 'thread',
      objectId: thread.id,
      before: { subject: thread.subject, post_count: thread.postCount },
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Who a thread is open to.

const participantName = sql<string>`coalesce(${users.name}, ${groups.name}, '')`;

function participantFields() {
  return {
    participant: caseParticipants.id,
    userId: caseParticipants.userId,
    role: caseParticipants.role,
    name: participantName,
  };
}

/**
 * A restricted thread's participants (with their thread_participants id, for removal); for an open thread,
 * every participant of the case (id null): it is open to them all.
 */
export async function countThreadParticipants(db: Db, thread: ThreadRow): Promise<number> {
  const [{ n }] = thread.restricted
    ? await db
        .select({ n: count() })
        .from(threadParticipants)
        .where(eq(threadParticipants.threadId, thread.id))
    : await db
        .select({ n: count() })
        .from(caseParticipants)
        .where(eq(caseParticipants.caseId, thread.caseId));
  return n;
}

export async function listThreadParticipants(
  db: Db,
  thread: ThreadRow,
  limit: number,
  offset: number,
): Promise<ThreadParticipant[]> {
  const rows = thread.restricted
    ? await db
        .select({ id: threadParticipants.id, ...participantFields() })
        .from(threadParticipants)
        .innerJoin(caseParticipants, eq(caseParticipants.id, threadParticipants.participantId))
        .leftJoin(users, eq(users.id, caseParticipants.userId))
        .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
        .where(eq(threadParticipants.threadId, thread.id))
        .orderBy(asc(threadParticipants.id))
        .limit(limit)
        .offset(offset)
    : await db
        .select({ id: sql<number | null>`null`, ...participantFields() })
        .from(caseParticipants)
        .leftJoin(users, eq(users.id, caseParticipants.userId))
        .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
        .where(eq(caseParticipants.caseId, thread.caseId))
        .orderBy(asc(caseParticipants.id))
        .limit(limit)
        .offset(offset);
  return rows.map((r) => ({
    id: r.id === null ? null : Number(r.id),
    participant: r.participant,
    kind: r.userId !== null ? 'user' : 'group',
    name: r.name,
    role: r.role as CaseRole,
  }));
}

export async function findThreadParticipant(db: Db, id: number) {
  const [row] = await db.select().from(threadParticipants).where(eq(threadParticipants.id, id));
  return row;
}

/** Removes a participant from a restricted thread; the thread stays restricted (see the top of this file). */
export async function removeThreadParticipant(
  db: Db,
  thread: ThreadRow,
  threadParticipantId: number,
  actorId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(threadParticipants)
      .where(eq(threadParticipants.id, threadParticipantId))
      .returning();
    if (!removed) return;
    await recordActivity(tx, {
      actorId,
      caseId: thread.caseId,
      verb: 'removed thread participant',
      objectType: 'thread',
      objectId: thread.id,
      before: { participant: removed.participantId },
    });
  });
}

const upsertRead = (threadId: number, userId: number, postId: number) => sql`
  insert into ${threadReads} (thread_id, user_id, last_read_post_id) values (${threadId}, ${userId}, ${postId})
  on conflict (thread_id, user_id) do update
    set last_read_post_id = greatest(${threadReads.lastReadPostId}, excluded.last_read_post_id), read_at = now()`;

const clearNotifications = (threadId: number, userId: number) => sql`
  update ${notifications} set read_at = now()
  where ${notifications.userId} = ${userId} and ${notifications.threadId} = ${threadId} and ${notifications.readAt} is null`;

/**
 * Marks the thread read by the user up to `postId` (never backwards). `caughtUp` (they read up to the
 * thread's last post) also marks their unread notifications about the thread read, in the same statement:
 * a bell entry about posts they have just read would only send them back to read them again.
 */
export async function markRead(
  db: Db | Tx,
  threadId: number,
  userId: number,
  postId: number,
  caughtUp = false,
): Promise<void> {
  if (!caughtUp) {
    await db.execute(upsertRead(threadId, userId, postId));
    return;
  }
  await db.execute(
    sql`with read as (${upsertRead(threadId, userId, postId)} returning 1) ${clearNotifications(threadId, userId)}`,
  );
}

/**
 * Where the user stands in the thread (GET /api/case/thread/{id}/read/), in one statement: the first post
 * by someone else after `lastRead` (index probes of `posts_thread_idx`), the thread's last post and when
 * they last read it.
 */
export async function readPosition(db: Db, threadId: number, userId: number, lastRead: number) {
  const [row] = await db
    .select({
      firstUnread: sql<
        number | null
      >`(select min(${posts.id}) from ${posts} where ${posts.threadId} = ${threadId} and ${posts.id} > ${lastRead} and ${posts.deletedAt} is null and ${posts.authorId} is distinct from ${userId})`,
      latest: sql<
        number | null
      >`(select max(${posts.id}) from ${posts} where ${posts.threadId} = ${threadId})`,
      readAt: sql<
        string | null
      >`(select ${threadReads.readAt} from ${threadReads} where ${threadReads.threadId} = ${threadId} and ${threadReads.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    firstUnread: row.firstUnread === null ? null : Number(row.firstUnread),
    latest: row.latest === null ? null : Number(row.latest),
    readAt: row.readAt === null ? null : new Date(row.readAt),
  };
}
