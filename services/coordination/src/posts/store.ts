// Post queries and changes: a thread's posts a page at a time (oldest first; pinned only; or matching words),
// each with its reactions and reply count — a page is a fixed handful of indexed queries whatever its size,
// never one per post. Writing, editing (the earlier text kept as a revision), pinning, removing (a marker
// stays for the replies), reacting, and a post's history with line diffs. Every change writes its activity
// row in its own transaction; a new post also bumps the thread's count and last-post time and tells the
// thread's readers there. No HTTP here.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  type Placeholder,
  sql,
} from 'drizzle-orm';
import {
  POST_REMOVED,
  type Post,
  type PostHistory,
  REACTIONS,
  type Reaction,
  type ReactionCount,
  REPLY_OTHER_THREAD,
  REPLY_TO_REMOVED,
  THREAD_ARCHIVED,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, groups, preparedOnce, recordActivity, users } from '@cvdp/server-kit';
import { userRefs, refOf } from '../accounts/user-refs.ts';
import { caseParticipants } from '../cases/tables.ts';
import { caseStaffUserIds, notify, participantUserIds, threadLink } from '../notifications/notify.ts';
import type { CaseAccess } from '../policy/index.ts';
import { searchEntries } from '../search/tables.ts';
import { markRead, type ThreadRow } from '../threads/store.ts';
import { threadParticipants, threads } from '../threads/tables.ts';
import { diffBudget, lineDiff } from './diff.ts';
import { postReactions, postRevisions, posts } from './tables.ts';

export type PostRow = typeof posts.$inferSelect;

const conflict = (message: string) => new HttpError(409, message);
const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/**
 * Posts with what the wire shows beside them, in the same statement: the author's and group's names, the
 * reply count (an index probe of `posts_reply_to_idx` per post) and the reactions, grouped, with whether
 * the caller is among them (probes of `post_reactions`' key). One round trip for a page, whatever its size.
 */
function postFields(userId: number | Placeholder) {
  return {
    post: posts,
    authorName: users.name,
    groupName: groups.name,
    replies: sql<number>`(select count(*) from ${posts} as reply where reply.reply_to = ${posts.id})`.mapWith(
      Number,
    ),
    reactions: sql<
      ReactionRow[] | string
    >`(select coalesce(json_agg(json_build_array(r.reaction, r.n, r.mine)), '[]'::json) from (select ${postReactions.reaction} as reaction, count(*)::int as n, bool_or(${postReactions.userId} = ${userId}) as mine from ${postReactions} where ${postReactions.postId} = ${posts.id} group by ${postReactions.reaction}) r)`,
  };
}

function selectPosts(db: Db | Tx, userId: number) {
  return db
    .select(postFields(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(groups, eq(groups.id, posts.authorGroupId));
}

/** A reaction of a post as selectPosts reads it: [reaction, count, the caller's among them]. */
type ReactionRow = [string, number, boolean];

type SelectedPost = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

export async function findPost(db: Db | Tx, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(posts).where(eq(posts.id, id));
  return row;
}

const reactionOrder = (r: string) => REACTIONS.indexOf(r as Reaction);

/** A post as the wire shows it. */
function postViewOf({ post, authorName, groupName, replies, reactions }: SelectedPost): Post {
  // node-postgres and PGlite both parse json; a driver that does not would hand over the text.
  const grouped = (typeof reactions === 'string' ? JSON.parse(reactions) : reactions) as ReactionRow[];
  return {
    id: post.id,
    thread: post.threadId,
    content: post.content,
    html: post.html,
    author:
      post.authorId !== null && authorName !== null
        ? {
            id: post.authorId,
            name: authorName,
            group:
              post.authorGroupId !== null && groupName !== null
                ? { id: post.authorGroupId, name: groupName }
                : null,
          }
        : null,
    external_author: post.externalAuthor,
    created: post.createdAt.toISOString(),
    modified: post.modifiedAt.toISOString(),
    edited: post.edited,
    pinned: post.pinned,
    reply_to: post.replyTo,
    reactions: grouped
      .sort((a, b) => reactionOrder(a[0]) - reactionOrder(b[0]))
      .map(([reaction, n, mine]): ReactionCount => ({
        reaction: reaction as Reaction,
        count: Number(n),
        mine: Boolean(mine),
      })),
    replies,
    deleted: post.deletedAt !== null,
  };
}

export async function postView(db: Db | Tx, id: number, userId: number): Promise<Post> {
  const [row] = await selectPosts(db, userId).where(eq(posts.id, id));
  return postViewOf(row);
}

// ---------------------------------------------------------------------------------------------------------
// A page of posts.

export interface PostListFilter {
  pinned?: boolean;
  search?: string;
}

/**
 * Which slice of the list: `limit` posts after `offset` of them, or (keyset) after the post `after`, or
 * (keyset, backwards) the `limit` posts before the post `before`.
 */
export interface PostSlice {
  limit: number;
  offset: number;
  after?: number;
  before?: number;
}

export interface PostPage {
  /** Posts in the whole list (not only after `after`). */
  count: number;
  /** The page's posts, the caller's reactions marked `mine`. */
  results: Post[];
  /** Whether posts follow this page (for a `before` page: whether posts precede it). */
  more: boolean;
}

/**
 * Search in a thread. Posts are indexed in search_entries with the thread's subject as title (weight A) and
 * the post's text as body (weight B), and a word of the subject must not match every post of the thread. A
 * query restricted to weight B says so, but GIN stores no weights: every hit would be rechecked on the heap
 * (its tsvector detoasted). So the plain query finds the hits — exactly, from
 * `search_entries_post_thread_tsv_idx` (thread, text) — and the restricted one is evaluated only when one of
 * the words is also a word of the subject (decided once per query: the two lexeme sets overlap). When they
 * do not, a plain match can only come from the body, and the results are the same.
 */
const wordsQuery = (words: string) => sql`plainto_tsquery('english', ${words})`;
const bodyOnlyQuery = (words: string) =>
  sql`regexp_replace(plainto_tsquery('english', ${words})::text, ${"'((?:[^']|'')*)'"}, ${"'\\1':B"}, 'g')::tsquery`;
const wordsInSubject = (subject: string, words: string) =>
  sql`(select tsvector_to_array(to_tsvector('english', ${subject})) && tsvector_to_array(to_tsvector('english', ${words})))`;

/**
 * The ids in a pinned or search list, each with the whole list's count (`count(*) over ()`, taken before a
 * page is cut from it). Search reads search_entries alone: a removed post leaves the index, and the thread's
 * readability was checked before (no `case_id` term: a second bitmap for nothing).
 */
function matchingIds(db: Db, thread: ThreadRow, f: PostListFilter) {
  const total = sql<number>`count(*) over ()`.as('match_total');
  if (f.search) {
    const id = sql<number>`(${searchEntries.objectId})::int`;
    return db
      .select({ id: id.as('match_id'), total })
      .from(searchEntries)
      .where(
        and(
          eq(searchEntries.type, 'post'),
          eq(searchEntries.threadId, thread.id),
          sql`${searchEntries.tsv} @@ ${wordsQuery(f.search)}`,
          sql`(not ${wordsInSubject(thread.subject, f.search)} or ${searchEntries.tsv} @@ ${bodyOnlyQuery(f.search)})`,
          f.pinned
            ? sql`${id} in (select ${posts.id} from ${posts} where ${posts.threadId} = ${thread.id} and ${posts.pinned})`
            : undefined,
        ),
      )
      .as('matches');
  }
  return db
    .select({ id: sql<number>`${posts.id}`.as('match_id'), total })
    .from(posts)
    .where(and(eq(posts.threadId, thread.id), eq(posts.pinned, true)))
    .as('matches');
}

/** Posts in a pinned or search list (the whole thread's count is the thread's own). */
async function countPosts(db: Db, thread: ThreadRow, f: PostListFilter): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(matchingIds(db, thread, f));
  return n;
}

/** The posts of a page of ids (a subquery named `page`), with their authors, oldest first, as a named statement. */
function preparePostsOf(db: Db, page: ReturnType<typeof pageIds>, name: string) {
  return db
    .select(postFields(sql.placeholder('userId')))
    .from(posts)
    .innerJoin(page, eq(page.id, posts.id))
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(groups, eq(groups.id, posts.authorGroupId))
    .orderBy(asc(posts.id))
    .prepare(name);
}

/** Ids of one thread's posts on one side of a post id, read from `posts_thread_idx`. */
function pageIds(db: Db, side: 'after' | 'before') {
  const base = db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.threadId, sql.placeholder('threadId')),
        side === 'after' ? gt(posts.id, sql.placeholder('after')) : lt(posts.id, sql.placeholder('before')),
      ),
    )
    .orderBy(side === 'after' ? asc(posts.id) : desc(posts.id))
    .limit(sql.placeholder('take'));
  return (side === 'after' ? base.offset(sql.placeholder('offset')) : base).as('page');
}

/** A page of the whole thread (ids after `after`, 0 for all): no query building per call. */
const wholePage = (db: Db) =>
  preparedOnce(db, 'posts_whole_page', () => preparePostsOf(db, pageIds(db, 'after'), 'posts_whole_page'));

/**
 * The page before the post `before` (ids read backwards, the rows then oldest first): "Load older" above a
 * page opened in the middle of a thread costs what the first page does.
 */
const pageBefore = (db: Db) =>
  preparedOnce(db, 'posts_page_before', () => preparePostsOf(db, pageIds(db, 'before'), 'posts_page_before'));

/**
 * Which page (1-based, of `pageSize`, counted from the thread's first post) holds the post `postId`; null
 * when the thread has no such post. One statement: an index-only count of the ids before it
 * (`posts_thread_idx`) — a 20,000-post thread's last page is a count of 20,000 index entries, not a read of
 * the pages before it.
 */
export async function pageHolding(
  db: Db,
  threadId: number,
  postId: number,
  pageSize: number,
): Promise<number | null> {
  const [row] = await db
    .select({
      before:
        sql<number>`(select count(*) from ${posts} where ${posts.threadId} = ${threadId} and ${posts.id} < ${postId})`.mapWith(
          Number,
        ),
      found: sql<boolean>`exists (select 1 from ${posts} where ${posts.id} = ${postId} and ${posts.threadId} = ${threadId})`,
    })
    .from(sql`(select 1) as one`);
  return row.found ? Math.floor(row.before / pageSize) + 1 : null;
}

/** A page as read: its posts, whether posts follow it, and a pinned or search list's whole count. */
interface PageRead {
  results: Post[];
  /** Whether posts follow the page. */
  more: boolean;
  /** A pinned or search list's whole count, read with the page; null for the whole thread or no match. */
  total: number | null;
}

/**
 * A page of the thread's posts, oldest first (replies are posts too: the page nests them under their root),
 * in one statement: the page's ids are picked from the index alone — `posts_thread_idx` (thread, id) or
 * `posts_pinned_idx`, so an offset or an `after` skips index entries, never rows — then only those rows are
 * read, with their names, reactions (the caller's marked `mine`) and reply counts. A pinned or search list
 * counts its matches in the same statement (`count(*) over ()` before the page is cut).
 */
async function readPage(
  db: Db,
  thread: ThreadRow,
  userId: number,
  f: PostListFilter,
  slice: PostSlice,
): Promise<PageRead> {
  const whole = !f.pinned && !f.search;
  // One more id than the page tells whether posts follow it.
  const take = slice.limit + 1;
  let rows: (SelectedPost & { total: number | null })[];
  if (whole && slice.before !== undefined) {
    const found = await pageBefore(db).execute({
      threadId: thread.id,
      userId,
      before: slice.before,
      take,
    });
    // Read newest first: the extra id, if any, is the oldest — it only says that posts precede the page.
    rows = found.slice(found.length > slice.limit ? 1 : 0).map((r) => ({ ...r, total: null }));
    return { results: rows.map(postViewOf), more: found.length > slice.limit, total: null };
  }
  if (whole) {
    const found = await wholePage(db).execute({
      threadId: thread.id,
      userId,
      after: slice.after ?? 0,
      take,
      offset: slice.offset,
    });
    rows = found.map((r) => ({ ...r, total: null }));
  } else {
    const matches = matchingIds(db, thread, f);
    const page = db
      .select({ id: matches.id, total: matches.total })
      .from(matches)
      .where(slice.after ? gt(matches.id, slice.after) : undefined)
      .orderBy(asc(matches.id))
      .limit(take)
      .offset(slice.offset)
      .as('page');
    const found = await db
      .select({ ...postFields(userId), total: page.total })
      .from(posts)
      .innerJoin(page, eq(page.id, posts.id))
      .leftJoin(users, eq(users.id, posts.authorId))
      .leftJoin(groups, eq(groups.id, posts.authorGroupId))
      .orderBy(asc(posts.id));
    rows = found.map((r) => ({ ...r, total: Number(r.total) }));
  }
  return {
    results: rows.slice(0, slice.limit).map(postViewOf),
    more: rows.length > slice.limit,
    total: rows[0]?.total ?? null,
  };
}

/**
 * A page of the thread's posts for the caller. The whole thread's count is the thread's own `post_count`
 * (removed posts stay as markers). Reading a page of the whole thread marks it read up to its last post;
 * reading its last page (caught up) also marks the caller's notifications about the thread read.
 */
export async function listPosts(
  db: Db,
  thread: ThreadRow,
  lastRead: number,
  userId: number,
  f: PostListFilter,
  slice: PostSlice,
): Promise<PostPage> {
  const whole = !f.pinned && !f.search;
  const page = await readPage(db, thread, userId, f, slice);
  const count = whole
    ? thread.postCount
    : (page.total ?? (slice.after ? await countPosts(db, thread, f) : 0));
  const last = page.results.at(-1)?.id ?? 0;
  const caughtUp = whole && slice.before === undefined && !page.more && page.results.length > 0;
  if (whole && (last > lastRead || caughtUp)) await markRead(db, thread.id, userId, last, caughtUp);
  return { count, results: page.results, more: page.more };
}

// ---------------------------------------------------------------------------------------------------------
// Writing.

/** The group through which the user takes part in the case (the first such participant row), if any. */
async function authorGroupOf(tx: Tx, access: CaseAccess): Promise<number | null> {
  if (access.participantIds.length === 0) return null;
  const [row] = await tx
    .select({ groupId: caseParticipants.groupId })
    .from(caseParticipants)
    .where(and(inArray(caseParticipants.id, [...access.participantIds]), isNotNull(caseParticipants.groupId)))
    .orderBy(asc(caseParticipants.id))
    .limit(1);
  return row?.groupId ?? null;
}

/**
 * Who may read the thread, to tell about a new post: every participant of the case (group members
 * included) for an open thread; for a restricted one only its participants. Staff assigned to the case, and
 * staff owners, hear about both. `notify` leaves out the author and whoever muted the case.
 */
async function threadReaders(tx: Tx, thread: ThreadRow): Promise<number[]> {
  let readers: number[];
  if (thread.restricted) {
    const rows = await tx
      .select({ id: threadParticipants.participantId })
      .from(threadParticipants)
      .where(eq(threadParticipants.threadId, thread.id));
    readers = await participantUserIds(
      tx,
      thread.caseId,
      rows.map((r) => r.id),
    );
  } else {
    readers = await participantUserIds(tx, thread.caseId);
  }
  return [...readers, ...(await caseStaffUserIds(tx, thread.caseId))];
}

export interface WriteContext {
  access: CaseAccess;
  thread: ThreadRow;
  actor: { id: number; name: string };
  render: (markdown: string) => string;
  publicUrl?: string;
}

/**
 * Writes a post (a reply to a reply attaches to the root: replies nest one level). Refused, with nothing
 * stored: a thread archived meanwhile (409), a reply to a post of another thread or to a removed one (400).
 */
export async function createPost(
  db: Db,
  ctx: WriteContext,
  input: { content: string; reply_to?: number },
): Promise<number> {
  const html = ctx.render(input.content);
  return db.transaction(async (tx) => {
    let replyTo: number | null = null;
    if (input.reply_to !== undefined) {
      const parent = await findPost(tx, input.reply_to);
      if (!parent || parent.threadId !== ctx.thread.id) throw badField('reply_to', REPLY_OTHER_THREAD);
      if (parent.deletedAt !== null) throw badField('reply_to', REPLY_TO_REMOVED);
      replyTo = parent.replyTo ?? parent.id;
    }
    // Counting first locks the thread row: posts of one thread are numbered and counted in order, and a
    // thread archived since the caller loaded it takes nothing.
    const [bumped] = await tx
      .update(threads)
      .set({ postCount: sql`${threads.postCount} + 1`, lastPostAt: sql`now()` })
      .where(and(eq(threads.id, ctx.thread.id), eq(threads.archived, false)))
      .returning({ subject: threads.subject });
    if (!bumped) throw conflict(THREAD_ARCHIVED);
    const [post] = await tx
      .insert(posts)
      .values({
        threadId: ctx.thread.id,
        caseId: ctx.thread.caseId,
        authorId: ctx.actor.id,
        authorGroupId: await authorGroupOf(tx, ctx.access),
        content: input.content,
        html,
        replyTo,
      })
      .returning({ id: posts.id });
    await recordActivity(tx, {
      actorId: ctx.actor.id,
      caseId: ctx.thread.caseId,
      verb: replyTo === null ? 'posted' : 'replied',
      objectType: 'post',
      objectId: post.id,
      after: { thread: ctx.thread.id, reply_to: replyTo },
    });
    await notify(tx, {
      caseId: ctx.thread.caseId,
      threadId: ctx.thread.id,
      kind: 'new_post',
      actorId: ctx.actor.id,
      userIds: await threadReaders(tx, ctx.thread),
      title: `${ctx.actor.name} posted in "${bumped.subject}"`,
      link: threadLink(ctx.thread.caseId, ctx.thread.id),
      // One unread entry per thread and person: "12 new posts in 'Subject' — latest by Cora".
      group: {
        key: `thread:${ctx.thread.id}`,
        afterCount: ` new posts in "${bumped.subject}" — latest by ${ctx.actor.name}`,
      },
      vars: { thread_subject: bumped.subject },
      publicUrl: ctx.publicUrl,
    });
    return post.id;
  });
}

/** Changes a post's text (the earlier text becomes a revision) and/or its pin. Unchanged values write nothing. */
export async function updatePost(
  db: Db,
  ctx: WriteContext,
  post: PostRow,
  patch: { content?: string; pinned?: boolean },
): Promise<void> {
  const content = patch.content !== undefined && patch.content !== post.content ? patch.content : undefined;
  const pinned = patch.pinned !== undefined && patch.pinned !== post.pinned ? patch.pinned : undefined;
  if (content === undefined && pinned === undefined) return;
  const html = content !== undefined ? ctx.render(content) : undefined;
  await db.transaction(async (tx) => {
    if (content !== undefined) {
      await tx
        .insert(postRevisions)
        .values({ postId: post.id, content: post.content, editedBy: ctx.actor.id });
    }
    const [changed] = await tx
      .update(posts)
      .set({
        ...(content !== undefined ? { content, html, edited: true, modifiedAt: sql`now()` } : {}),
        ...(pinned !== undefined ? { pinned } : {}),
      })
      // A post removed meanwhile stays removed.
      .where(and(eq(posts.id, post.id), isNull(posts.deletedAt)))
      .returning({ id: posts.id });
    if (!changed) throw conflict(POST_REMOVED);
    await recordActivity(tx, {
      actorId: ctx.actor.id,
      caseId: post.caseId,
      verb: content !== undefined ? 'edited post' : pinned ? 'pinned post' : 'unpinned post',
      objectType: 'post',
      objectId: post.id,
      before: pinned !== undefined ? { pinned: post.pinned } : undefined,
      after: { thread: post.threadId, ...(pinned !== undefined ? { pinned } : {}) },
    });
  });
}

/**
 * Removes a post: its row stays as a marker (replies keep their place under it) with the text emptied, its
 * pin and earlier versions dropped (the history must not keep what was removed).
 */
export async function removePost(db: Db, post: PostRow, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .update(posts)
      .set({ deletedAt: sql`now()`, deletedBy: actorId, content: '', html: '', pinned: false })
      .where(and(eq(posts.id, post.id), isNull(posts.deletedAt)))
      .returning({ id: posts.id });
    if (!removed) return;
    await tx.delete(postRevisions).where(eq(postRevisions.postId, post.id));
    await recordActivity(tx, {
      actorId,
      caseId: post.caseId,
      verb: 'removed post',
      objectType: 'post',
      objectId: post.id,
      after: { thread: post.threadId, author: post.authorId },
    });
  });
}

/** Adds the caller's reaction, or takes it back if they had it. */
export async function toggleReaction(
  db: Db,
  post: PostRow,
  userId: number,
  reaction: Reaction,
): Promise<void> {
  await db.transaction(async (tx) => {
    const taken = await tx
      .delete(postReactions)
      .where(
        and(
          eq(postReactions.postId, post.id),
          eq(postReactions.userId, userId),
          eq(postReactions.reaction, reaction),
        ),
      )
      .returning({ postId: postReactions.postId });
    if (taken.length === 0) {
      await tx.insert(postReactions).values({ postId: post.id, userId, reaction }).onConflictDoNothing();
    }
    await recordActivity(tx, {
      actorId: userId,
      caseId: post.caseId,
      verb: taken.length ? 'took back reaction' : 'reacted',
      objectType: 'post',
      objectId: post.id,
      after: { thread: post.threadId, reaction },
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// History.

/**
 * The post's versions, oldest first (the last is the current text): each with when it was written and by
 * whom, and a unified line diff between each pair of consecutive versions (`from`/`to` index `versions`).
 */
export async function postHistory(db: Db, post: PostRow): Promise<PostHistory> {
  const revisions = await db
    .select()
    .from(postRevisions)
    .where(eq(postRevisions.postId, post.id))
    .orderBy(asc(postRevisions.id));
  // A revision holds the text an edit replaced: version i was written when revision i-1 was made.
  const texts = [...revisions.map((r) => r.content), post.content];
  const written = [
    { at: post.createdAt, by: post.authorId },
    ...revisions.map((r) => ({ at: r.createdAt, by: r.editedBy })),
  ];
  const refs = await userRefs(
    db,
    written.map((w) => w.by),
  );
  const versions = texts.map((content, i) => ({
    content,
    date: written[i].at.toISOString(),
    edited_by: refOf(refs, written[i].by),
  }));
  const withinBudget = diffBudget();
  const diffs = versions.slice(1).map((v, k) => {
    const labels = { file: 'post.md', from: `version ${k + 1}`, to: `version ${k + 2}` };
    return { from: k, to: k + 1, patch: lineDiff(versions[k].content, v.content, labels, withinBudget) };
  });
  return { post: post.id, versions, diffs };
}
