// Loading a thread for a caller: the thread, then its case's access, then the policy's `thread.read` — a
// thread the caller may not read (another case, or restricted away from them) answers 404 like a missing
// one. Posts, files and the live stream go through this too; they load the thread without the caller's
// `unread` count (a count over the thread's posts), which only the thread's own call asks for.
import { type AuthUser, type Db, notFound } from '@cvdp/server-kit';
import { caseAccessOr404 } from '../cases/case-scope.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import { type AccessThread, accessRow, findAccessThread, findThread, type LoadedThread } from './store.ts';

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
  const loaded = options?.unread
    ? await findThread(db, threadId, user.id)
    : await findAccessThread(db, threadId, user.id);
  if (!loaded) throw notFound();
  const access = await caseAccessOr404(db, user, loaded.thread.caseId);
  if (!can('thread.read', access, accessRow(loaded))) throw notFound();
  return { access, loaded };
}
