// Pages of a thread's posts, kept in this process as every reader sees them. A large case's thread is read
// far more often than written (fifty vendors, each reloading and paging), and a page's statement — 100 rows
// with names, reply counts and reactions — is most of a posts call's cost.
//
// Never stale, on any replica: a page is stored under everything it shows — the thread (its id and creation
// time, so a reused id never matches), the thread's `posts_version` and the authors' names version (both
// bumped by triggers in the transaction that changes a post, a reaction or a name; migration 0025), and the
// query. Both versions are read in the call's access-check statement (the thread row and
// `pageVersionFields`), so a reader that
// can see a change asks for a key no earlier page was stored under. A page read after the versions (the
// next statement) may be newer than its key, never older.
//
// What differs per caller — which reactions are theirs — is not in a cached page: pages are read for nobody
// (`mine` false everywhere) and the caller's reactions in the thread (cached per caller and version too:
// `callerReactions`) are laid over each page per call (`withMine`). Cached pages are shared: never mutate one.
import { and, eq, sql } from 'drizzle-orm';
import type { Post } from '@cvdp/core';
import type { Db } from '@cvdp/server-kit';
import { LRUCache } from 'lru-cache';
import type { ThreadRow } from '../threads/store.ts';
import { postAuthorNamesVersion, postReactions, posts } from './tables.ts';

/** A page as the list call reads it, for nobody. */
export interface CachedPage {
  results: Post[];
  /** Whether posts follow the page. */
  more: boolean;
  /** A pinned or search list's whole count, read with the page; null for the whole thread or no match. */
  total: number | null;
}

/** About 32 MB of post text per process (a 100-post page of ordinary posts is 50–100 kB). */
const MAX_BYTES = 32 * 1024 * 1024;
/** Per post beside its text: ids, dates, names, reactions. */
export const POST_OVERHEAD_BYTES = 400;

const caches = new WeakMap<Db, LRUCache<string, CachedPage>>();

/** The cache in `caches` for this database, made by `make` on first use (one per app: tests build many apps). */
function perDatabase<V extends object>(
  caches: WeakMap<Db, LRUCache<string, V>>,
  db: Db,
  make: () => LRUCache<string, V>,
): LRUCache<string, V> {
  let cache = caches.get(db);
  if (!cache) {
    cache = make();
    caches.set(db, cache);
  }
  return cache;
}

/** This database's page cache (one per app; tests build many apps on one process). */
export function pageCache(db: Db): LRUCache<string, CachedPage> {
  return perDatabase(
    caches,
    db,
    () =>
      new LRUCache<string, CachedPage>({
        maxSize: MAX_BYTES,
        // Strings are UTF-16 in V8's accounting: two bytes a character is the upper bound. The key counts too:
        // it holds the search words, so many searches with no match still fill the budget, not the heap.
        sizeCalculation: (page, key) =>
          page.results.reduce(
            (n, p) => n + 2 * (p.content.length + p.html.length) + POST_OVERHEAD_BYTES,
            POST_OVERHEAD_BYTES + 2 * key.length,
          ),
      }),
  );
}

/**
 * What the list call reads with its access check, to find a cached page: the authors' names version (one
 * row: no round trip of its own).
 */
export function pageVersionFields() {
  return {
    name: 'posts_page',
    fields: {
      namesVersion: sql<string>`(select ${postAuthorNamesVersion.version} from ${postAuthorNamesVersion} where ${postAuthorNamesVersion.id} = 1)`,
    },
  };
}

export interface PageVersions {
  namesVersion: string | number | bigint | null;
}

const reactionCaches = new WeakMap<Db, LRUCache<string, string[]>>();

/**
 * The caller's reactions in the thread, as `post:reaction`. Kept per caller and thread version like the
 * pages (a reaction bumps the version), so a reader who keeps paging asks once per change, not per page.
 * Read by the caller's reactions (`post_reactions_user_idx`), each checked against its post's thread — a
 * join from the thread's side would walk all of a long thread's posts.
 */
export async function callerReactions(db: Db, thread: ThreadRow, userId: number): Promise<string[]> {
  const cache = perDatabase(reactionCaches, db, () => new LRUCache<string, string[]>({ max: 10_000 }));
  const key = JSON.stringify([thread.id, thread.createdAt.getTime(), thread.postsVersion, userId]);
  let mine = cache.get(key);
  if (!mine) {
    const rows = await db
      .select({ key: sql<string>`${postReactions.postId} || ':' || ${postReactions.reaction}` })
      .from(postReactions)
      .where(
        and(
          eq(postReactions.userId, userId),
          sql`(select ${posts.threadId} from ${posts} where ${posts.id} = ${postReactions.postId}) = ${thread.id}`,
        ),
      );
    mine = rows.map((r) => r.key);
    cache.set(key, mine);
  }
  return mine;
}

/** The key a page is stored under: everything it shows, and the query that cut it. */
export function pageKey(
  thread: ThreadRow,
  versions: PageVersions,
  query: { pinned?: boolean; search?: string; after?: number; offset: number; take: number },
): string {
  return JSON.stringify([
    thread.id,
    thread.createdAt.getTime(),
    thread.postsVersion,
    String(versions.namesVersion ?? 0),
    query.pinned === true,
    // A search's subject-word rule depends on the subject (posts/store.ts `wordsInSubject`).
    query.search ? [query.search, thread.subject] : null,
    query.after ?? 0,
    query.offset,
    query.take,
  ]);
}

/** The reactions of `post` that are the caller's (`post:reaction` in `mine`), in the post's order. */
function mineOf(post: Post, mine: ReadonlySet<string>): string[] {
  // A reaction whose count the page read as gone (removed between the two statements) is not marked.
  return post.reactions
    .filter((r) => r.count > 0 && mine.has(`${post.id}:${r.reaction}`))
    .map((r) => r.reaction);
}

/** `post` with `reactions` among its reactions marked mine: a copy, never the shared cached post. */
function markMine(post: Post, reactions: readonly string[]): Post {
  return {
    ...post,
    reactions: post.reactions.map((r) => (reactions.includes(r.reaction) ? { ...r, mine: true } : r)),
  };
}

/** The page's posts with the caller's reactions marked `mine` (only those posts copied). */
export function withMine(results: readonly Post[], myReactions: readonly string[]): Post[] {
  if (myReactions.length === 0) return [...results];
  const mine = new Set(myReactions);
  return results.map((post) => {
    const reactions = mineOf(post, mine);
    return reactions.length ? markMine(post, reactions) : post;
  });
}

/**
 * Each post's JSON, made once per cached post object and set of the caller's reactions on it: cached posts
 * are shared, and a reader who reacted to a pinned post asks for it on every page, not once.
 */
const postBodies = new WeakMap<Post, Map<string, Buffer>>();
const COMMA = Buffer.from(',');

function bodyOf(post: Post, mine: ReadonlySet<string>): Buffer {
  const reactions = mine.size ? mineOf(post, mine) : [];
  const variant = reactions.join(',');
  let bodies = postBodies.get(post);
  if (!bodies) {
    bodies = new Map();
    postBodies.set(post, bodies);
  }
  let body = bodies.get(variant);
  if (!body) {
    body = Buffer.from(JSON.stringify(reactions.length ? markMine(post, reactions) : post));
    bodies.set(variant, body);
  }
  return body;
}

/**
 * A page's answer as bytes: `envelope` (count and links) with the posts after it, the caller's reactions
 * marked — exactly what `JSON.stringify({ ...envelope, results: withMine(results, myReactions) })` gives,
 * but each cached post is serialised and encoded once, not on every call (a 100-post page is about 50 kB).
 */
export function pageJson(
  envelope: Record<string, unknown>,
  results: readonly Post[],
  myReactions: readonly string[] = [],
): Buffer {
  const mine = new Set(myReactions);
  const head = JSON.stringify(envelope);
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)}${head === '{}' ? '' : ','}"results":[`)];
  results.forEach((post, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(bodyOf(post, mine));
  });
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

/** About 16 MB of whole answers per process, beside the pages. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const responseCaches = new WeakMap<Db, LRUCache<string, Buffer>>();

/** This database's whole answers (one cache per app, like the pages). */
export function answerCache(db: Db): LRUCache<string, Buffer> {
  return perDatabase(
    responseCaches,
    db,
    () =>
      new LRUCache<string, Buffer>({
        maxSize: MAX_RESPONSE_BYTES,
        sizeCalculation: (bytes, key) => bytes.length + 2 * key.length,
      }),
  );
}

/**
 * A page's whole answer as bytes, kept per page, request and the caller's reactions on that page: a reader
 * who reloads or pages again gets the bytes sent before, with no envelope links built and no posts joined
 * (those were a tenth of a cached call's time). Exact like the pages: the key holds the page's key
 * (`pageKey`: the thread's versions and the query), the request's URL (the envelope's links are made from
 * it), the count, and which of the page's posts the caller reacted to and how. `build` makes the bytes when
 * they are not kept.
 */
export function pageResponse(
  db: Db,
  page: { key: string; count: number; shared: readonly Post[]; mine: readonly string[] },
  url: string,
  build: () => Buffer,
): Buffer {
  const cache = answerCache(db);
  const key = `${page.key}\u0000${url}\u0000${page.count}\u0000${mineOnPage(page.shared, page.mine)}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = build();
    cache.set(key, bytes);
  }
  return bytes;
}

/** The caller's reactions (`post:reaction`) on the page's posts, in a fixed order: the answer's variant. */
function mineOnPage(results: readonly Post[], mine: readonly string[]): string {
  if (mine.length === 0 || results.length === 0) return '';
  const ids = pageIds(results);
  return mine
    .filter((m) => ids.has(Number(m.slice(0, m.indexOf(':')))))
    .sort()
    .join(',');
}

const pageIdSets = new WeakMap<readonly Post[], ReadonlySet<number>>();

/** The ids of a cached page's posts, made once per page. */
function pageIds(results: readonly Post[]): ReadonlySet<number> {
  let ids = pageIdSets.get(results);
  if (!ids) {
    ids = new Set(results.map((p) => p.id));
    pageIdSets.set(results, ids);
  }
  return ids;
}
