// The caller's notifications (SPEC §7: GET /api/case/notifications/) and marking them read. Only the
// caller's own rows, ever: someone else's ids are not touched and not reported (no hint they exist).
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import {
  type NotificationPage,
  type NotificationsReadResult,
  notificationListQuery,
  notificationPageSchema,
  notificationsReadResultSchema,
  notificationsReadSchema,
} from '@cvdp/core';
import { type AuthUser, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { countNotifications, listNotifications, markRead, mine } from './store.ts';

const listQuery = pageQuery(20, 100).extend(notificationListQuery.shape);

export interface NotificationRoutesOptions {
  /**
   * The policy's filter for `notification.read` (the caller's rows of cases they may see), composed by
   * app.ts: the policy sits above this domain, which cases' routes import to notify.
   */
  visible: (user: AuthUser) => SQL | undefined;
}

export async function notificationRoutes(app: FastifyInstance, options: NotificationRoutesOptions) {
  const { db } = app;
  const r = routes(app);
  const tags = ['notifications'];

  r.get(
    '/api/case/notifications/',
    {
      summary: "The caller's notifications, newest first (?unread=1), with their unread count",
      tags,
      access: 'user',
      query: listQuery,
      response: { 200: notificationPageSchema },
    },
    async (request): Promise<NotificationPage> => {
      const where = mine(request.user!.id, options.visible(request.user!));
      const onlyUnread = request.query.unread === true;
      const page = await paginate(
        request,
        request.query,
        () => countNotifications(db, where, onlyUnread),
        (limit, offset) => listNotifications(db, where, onlyUnread, limit, offset),
      );
      const unreadCount = onlyUnread ? page.count : await countNotifications(db, where, true);
      return { ...page, unread_count: unreadCount };
    },
  );

  r.post(
    '/api/case/notifications/read/',
    {
      summary: "Mark some of the caller's notifications ({ids}) or all of them ({all: true}) read",
      tags,
      access: 'user',
      body: notificationsReadSchema,
      response: { 200: notificationsReadResultSchema },
    },
    async (request): Promise<NotificationsReadResult> => {
      const where = mine(request.user!.id, options.visible(request.user!));
      const { ids, all } = request.body;
      const marked = await markRead(db, where, all === true ? 'all' : [...new Set(ids ?? [])]);
      return { marked, unread_count: await countNotifications(db, where, true) };
    },
  );
}
