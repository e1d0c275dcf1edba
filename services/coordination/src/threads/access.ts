// Loading a thread for a caller: the thread and its case's access in one statement, then the policy's
// `thread.read` (which checks `case.read` first) — a thread the caller may not read (another case, or restricted away from them) answers 404 like a missing
// one. Posts, files and the live stream go through this too; they load the thread without the caller's
// `unread` count (a count over the thread's posts), which only the thread's own call asks for.
import type { SQL } from 'drizzle-orm';
import { type AuthUser, type Db, notFound } from '@cvdp/server-kit';
import { type CaseAccess, can } from '../policy/index.ts';
import { type AccessThread, accessRow, findThreadWithAccess, type LoadedThread } from './store.ts';

export interface ReadableThread<T extends AccessThread = AccessThread> {
  access: CaseAccess;
  loaded: T;
}

export function readableThread(
  db: Db,
  user: AuthUser,
  threadId: number,
  options: { unread: true },
): Promise<ReadableThread<LoadedThread>>;
export function readableThread(db: Db, user: AuthUser, threadId: number): Promise<ReadableThread>;
export async function readableThread(
  db: Db,
  user: AuthUser,
  threadId: number,
  options?: { unread: true },
): Promise<ReadableThread> {
  const { access, loaded } = mayRead(
    await findThreadWithAccess(db, threadId, user, options?.unread === true),
  );
  return { access, loaded };
}

/**
 * readableThread, with `extra` fields read in the same statement (the posts list reads its page cache's
 * versions this way: no round trip of its own).
 */
export async function readableThreadWith<E extends Record<string, SQL>>(
  db: Db,
  user: AuthUser,
  threadId: number,
  extra: { name: string; fields: E },
) {
  return mayRead(await findThreadWithAccess(db, threadId, user, false, extra));
}

/**
 * The loaded thread if the policy lets the caller read it, else 404 like a missing one: `can` checks the
 * case's `case.read` first (what caseAccessOr404 would), then the thread's rule.
 */
function mayRead<T extends { access: CaseAccess; loaded: AccessThread }>(found: T | undefined): T {
  if (!found || !can('thread.read', found.access, accessRow(found.loaded))) throw notFound();
  return found;
}
