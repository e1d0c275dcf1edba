// The one cache of a thread's posts (issue 23): each page's whole answer, as bytes, kept in this process
// under its ETag (conditional.ts). A large case's thread is read far more often than written (fifty vendors,
// each reloading and paging), and a page's statement — 100 rows with names, reply counts and reactions —
// and its 50 kB of JSON are most of a posts call's cost.
//
// Never stale, on any replica: the ETag names everything the answer shows — the thread (id and creation
// time), its `posts_version` and the authors' names version (both bumped by triggers in the transaction
// that changes a post, a reaction or a name; migration 0025), the subject, the URL and the caller (whose
// reactions are marked `mine`). Both versions are read in the call's access-check statement (the thread
// row and `pageVersionFields`), so a reader that can see a change asks for a key no earlier answer was kept
// under. A page read after the versions (the next statement) may be newer than its key, never older.
//
// A browser that holds the answer gets a 304 instead (conditional.ts); this cache serves the callers that
// do not revalidate. docs/architecture.md ("Caches") has the measured gain of each.
import { sql } from 'drizzle-orm';
import type { Db } from '@cvdp/server-kit';
import { LRUCache } from 'lru-cache';
import { postAuthorNamesVersion } from './tables.ts';

/**
 * What the list call reads with its access check, to name its answer: the authors' names version (one
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

/** About 32 MB of answers per process (a 100-post page of ordinary posts is 50–100 kB). */
const MAX_BYTES = 32 * 1024 * 1024;

const caches = new WeakMap<Db, LRUCache<string, Buffer>>();

/** This database's answers, by ETag (one cache per app: tests build many apps on one process). */
export function answerCache(db: Db): LRUCache<string, Buffer> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, Buffer>({
      maxSize: MAX_BYTES,
      sizeCalculation: (bytes, key) => bytes.length + 2 * key.length,
    });
    caches.set(db, cache);
  }
  return cache;
}
