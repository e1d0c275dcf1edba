// Thread calls (SPEC §7): a case's threads (open, archived, official), starting one (staff; optionally
// restricted to some participants), reading, changing and deleting one, and who a thread is open to.
// Reading is for whoever may read the thread (policy: thread.read); changes are staff's (thread.manage).
import type { FastifyInstance } from 'fastify';
import {
  idParams,
  threadCreateSchema,
  threadListQuery,
  threadParticipantSchema,
  threadReadSchema,
  threadSchema,
  threadUpdateSchema,
} from '@cvdp/core';
import {
  type AuthUser,
  forbidden,
  noContent,
  notFound,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { can } from '../policy/index.ts';
import { readableThread } from './access.ts';
import {
  accessRow,
  countThreadParticipants,
  countThreads,
  createThread,
  deleteThread,
  findThread,
  findThreadParticipant,
  listThreadParticipants,
  listThreads,
  readPosition,
  removeThreadParticipant,
  threadView,
  updateThread,
} from './store.ts';

const tags = ['threads'];
const listQuery = pageQuery(50, 200).extend(threadListQuery.shape);

export async function threadRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/threads/',
    {
      summary:
        "The case's open (not archived) threads the caller may read, most recently active first; official=1 filters",
      tags,
      query: listQuery,
      response: { 200: pageOf(threadSchema) },
    },
    (request, _reply, access) => {
      const f = { archived: false, official: request.query.official };
      return paginate(
        request,
        request.query,
        () => countThreads(db, access, f),
        (limit, offset) => listThreads(db, access, f, limit, offset),
      );
    },
  );

  inCase.get(
    '/api/case/:id/threads/archived/',
    {
      summary: "The case's archived threads the caller may read; official=1 filters",
      tags,
      query: listQuery,
      response: { 200: pageOf(threadSchema) },
    },
    (request, _reply, access) => {
      const f = { archived: true, official: request.query.official };
      return paginate(
        request,
        request.query,
        () => countThreads(db, access, f),
        (limit, offset) => listThreads(db, access, f, limit, offset),
      );
    },
  );

  inCase.post(
    '/api/case/:id/threads/',
    {
      summary:
        'Start a thread (staff); participants[] (participants of this case) restricts it to them, else it is open to all',
      tags,
      body: threadCreateSchema,
      response: { 201: threadSchema },
      allow: { action: 'thread.manage' },
    },
    async (request, reply, access) => {
      const id = await createThread(db, access, request.user!.id, request.body);
      return reply.code(201).send(threadView((await findThread(db, id, request.user!.id))!));
    },
  );

  r.get(
    '/api/case/thread/:id/',
    {
      summary: 'A thread the caller may read',
      tags,
      access: 'user',
      params: idParams,
      response: { 200: threadSchema },
    },
    async (request) =>
      threadView((await readableThread(db, request.user!, request.params.id, { unread: true })).loaded),
  );

  r.get(
    '/api/case/thread/:id/read/',
    {
      summary:
        'Where the caller stands in a thread: the last post they read, the first new one, the latest (reading its posts moves it)',
      tags,
      access: 'user',
      params: idParams,
      response: { 200: threadReadSchema },
    },
    async (request) => {
      const { loaded } = await readableThread(db, request.user!, request.params.id, { unread: true });
      const at = await readPosition(db, loaded.thread.id, request.user!.id, loaded.lastRead);
      return {
        thread: loaded.thread.id,
        last_read_post: loaded.lastRead,
        first_unread_post: at.firstUnread,
        latest_post: at.latest,
        unread: loaded.unread,
        read_at: at.readAt?.toISOString() ?? null,
      };
    },
  );

  /** A thread the caller may read and manage: 404 if they may not read it, 403 if they may not manage it. */
  async function managedThread(user: AuthUser, id: number) {
    const { access, loaded } = await readableThread(db, user, id);
    if (!can('thread.manage', access, accessRow(loaded))) throw forbidden();
    return loaded;
  }

  r.patch(
    '/api/case/thread/:id/',
    {
      summary: 'Rename a thread, mark it official, archive or unarchive it (staff)',
      tags,
      access: 'user',
      params: idParams,
      body: threadUpdateSchema,
      response: { 200: threadSchema },
    },
    async (request) => {
      const loaded = await managedThread(request.user!, request.params.id);
      await updateThread(db, loaded.thread, request.user!.id, request.body);
      return threadView((await findThread(db, loaded.thread.id, request.user!.id))!);
    },
  );

  r.delete(
    '/api/case/thread/:id/',
    {
      summary: 'Delete a thread with its posts (staff)',
      tags,
      access: 'user',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const loaded = await managedThread(request.user!, request.params.id);
      await deleteThread(db, loaded.thread, request.user!.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/case/thread/:id/participants/',
    {
      summary:
        "Who a thread is open to: a restricted thread's participants, else every participant of the case (id null)",
      tags,
      access: 'user',
      params: idParams,
      query: pageQuery(100, 500),
      response: { 200: pageOf(threadParticipantSchema) },
    },
    async (request) => {
      const { loaded } = await readableThread(db, request.user!, request.params.id);
      return paginate(
        request,
        request.query,
        () => countThreadParticipants(db, loaded.thread),
        (limit, offset) => listThreadParticipants(db, loaded.thread, limit, offset),
      );
    },
  );

  r.delete(
    '/api/case/thread/participant/:id/',
    {
      summary:
        'Remove a participant from a restricted thread (staff); without participants it stays restricted, to staff only',
      tags,
      access: 'user',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const row = await findThreadParticipant(db, request.params.id);
      if (!row) throw notFound();
      const loaded = await managedThread(request.user!, row.threadId);
      await removeThreadParticipant(db, loaded.thread, row.id, request.user!.id);
      return reply.code(204).send();
    },
  );
}
