// Conditional GETs of a thread's posts (issue 23): a page's answer is named by an ETag made from everything
// it shows, read with the call's access check — the thread (id and creation time, so a reused id never
// matches), its `posts_version` (bumped by triggers in the transaction that writes, edits, pins, removes or
// reacts to a post; migration 0025), the authors' names version, the subject (a search's subject-word rule
// depends on it), the request's URL (the query and the page links) and the caller (which reactions are
// "mine" differs by caller). A client that sends that ETag back in If-None-Match is answered 304 with no
// body, before the page is read: no page statement, no reactions, no JSON.
//
// Not in the tag, because they are not in the answer: the caller's read position (reading marks posts read;
// a 304 needs no mark: the same caller's earlier 200 of the same page and version marked it) and the
// thread's unread count.
import { createHash } from 'node:crypto';
import type { ThreadRow } from '../threads/store.ts';
import type { PageVersions } from './page-cache.ts';

/**
 * Bump when a page's JSON changes shape for the same data (a field added, renamed or written differently),
 * so a browser holding an answer of the earlier release revalidates to the new one instead of a 304.
 */
const ANSWER_FORMAT = 1;

/** The page's ETag (strong: the same tag, the same bytes). */
export function postsPageEtag(
  thread: ThreadRow,
  versions: PageVersions,
  userId: number,
  url: string,
): string {
  const named = JSON.stringify([
    ANSWER_FORMAT,
    thread.id,
    thread.createdAt.getTime(),
    String(thread.postsVersion),
    String(versions.namesVersion ?? 0),
    thread.subject,
    userId,
    url,
  ]);
  return `"${createHash('sha256').update(named).digest('base64url').slice(0, 32)}"`;
}

/**
 * Whether If-None-Match names `etag` (RFC 9110 §13.1.2: a list of tags, weak comparison, or `*` for any
 * current answer).
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * A page of posts is an embargoed case's conversation: like every answer of the API (the kit sets it), it is
 * never written to a browser's or proxy's disk. The ETag serves clients that keep their own copy in memory
 * (scripts, connected instances, a page that sends If-None-Match itself) and get a 304 instead of the page.
 */
export const POSTS_PAGE_CACHE_CONTROL = 'no-store';
