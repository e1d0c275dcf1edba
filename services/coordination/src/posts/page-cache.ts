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
// (`mine` false everywhere) and the caller's reactions on the page's posts, read per call (`callerReactions`),
// are laid over it (`withMine`). Cached pages are shared: never mutate one.
//
// The one cache of the posts page (issue 23): a reader who already holds a page revalidates it with a
// conditional GET (conditional.ts) and costs no page at all; this cache serves the readers who do not —
// another reader of the same page, a first load. docs/architecture.md ("Caches") has its measured gain.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Post } from '@cvdp/core';
import type { Db } from '@cvdp/server-kit';
import { LRUCache } from 'lru-cache';
import type { ThreadRow } from '../threads/store.ts';
import { postAuthorNamesVersion, postReactions } from './tables.ts';

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

/**
 * The caller's reactions on the page's posts, as `post:reaction`: one probe of `post_reactions_user_idx` per
 * post, none for an empty page.
 */
export async function callerReactions(db: Db, results: readonly Post[], userId: number): Promise<string[]> {
  if (results.length === 0) return [];
  const rows = await db
    .select({ key: sql<string>`${postReactions.postId} || ':' || ${postReactions.reaction}` })
    .from(postReactions)
    .where(
      and(
        eq(postReactions.userId, userId),
        inArray(
          postReactions.postId,
          results.map((p) => p.id),
        ),
      ),
    );
  return rows.map((r) => r.key);
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
