// Follow or mute one thread, beside the per-case mute (GET/PUT /api/case/thread/{id}/follow/): 'follow'
// hears about it even in a muted case, 'mute' never does (no notification, no digest line), 'default' lets
// the case's mute decide. Whoever may read the thread may choose for themselves (404 otherwise).
import type { FastifyInstance } from 'fastify';
import { type ThreadFollow, idParams, threadFollowSchema } from '@cvdp/core';
import { routes } from '@cvdp/server-kit';
import { setThreadFollow, threadFollowOf } from '../notifications/store.ts';
import { readableThread } from './access.ts';

const tags = ['threads'];

export async function threadFollowRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);

  r.get(
    '/api/case/thread/:id/follow/',
    {
      summary: "The caller's choice for a thread they may read: default, follow or mute",
      tags,
      access: 'user',
      params: idParams,
      response: { 200: threadFollowSchema },
    },
    async (request): Promise<ThreadFollow> => {
      const { loaded } = await readableThread(db, request.user!, request.params.id);
      return { mode: await threadFollowOf(db, request.user!.id, loaded.thread.id) };
    },
  );

  r.put(
    '/api/case/thread/:id/follow/',
    {
      summary: 'Follow a thread (told even when the case is muted), mute it, or go back to the default',
      tags,
      access: 'user',
      params: idParams,
      body: threadFollowSchema,
      response: { 200: threadFollowSchema },
    },
    async (request): Promise<ThreadFollow> => {
      const { loaded } = await readableThread(db, request.user!, request.params.id);
      await setThreadFollow(db, request.user!.id, loaded.thread.id, request.body.mode);
      return { mode: await threadFollowOf(db, request.user!.id, loaded.thread.id) };
    },
  );
}
