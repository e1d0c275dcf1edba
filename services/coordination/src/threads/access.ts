// Loading a thread for a caller: the thread, then its case's access, then the policy's `thread.read` — a
// thread the caller may not read (another case, or restricted away from them) answers 404 like a missing
// one. Posts and files in a thread go through this too.
import { type AuthUser, type Db, notFound } from '@cvdp/server-kit';
import { caseAccessOr404 } from '../cases/case-scope.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import { accessRow, findThread, type LoadedThread } from './store.ts';

export interface ReadableThread {
  access: CaseAccess;
  loaded: LoadedThread;
}

export async function readableThread(db: Db, user: AuthUser, threadId: number): Promise<ReadableThread> {
  const loaded = await findThread(db, threadId, user.id);
  if (!loaded) throw notFound();
  const access = await caseAccessOr404(db, user, loaded.thread.caseId);
  if (!can('thread.read', access, accessRow(loaded))) throw notFound();
  return { access, loaded };
}
