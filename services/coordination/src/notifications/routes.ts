// The caller's notifications (SPEC §7: GET /api/case/notifications/) and marking them read, their Action-needed
// requests, and how they want conversation emailed. Only the caller's own rows, ever: someone else's ids are
// not touched and not reported (no hint they exist).
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import {
  type ActionPage,
  type NotificationPage,
  type NotificationPreferences,
  actionPageSchema,
  notificationPreferencesSchema,
  type NotificationsReadResult,
  notificationListQuery,
  notificationPageSchema,
  notificationsReadResultSchema,
  notificationsReadSchema,
  UNREAD_COUNT_CAP,
} from '@cvdp/core';
import {
  type AuthUser,
  cappedPageFrom,
  countBound,
  isStaff,
  pageFrom,
  pageQuery,
  routes,
} from '@cvdp/server-kit';
import { type BellFilters, readActions, readBell } from './bell.ts';
import { conversationEmailOf, markRead, mine, setConversationEmail, unreadCount } from './store.ts';

const listQuery = pageQuery(20, 100).extend(notificationListQuery.shape);

export interface NotificationRoutesOptions {
  /**
   * The policy's filter for `notification.read` (the caller's rows of cases they may see), composed by
   * app.ts: the policy sits above this domain, which cases' routes import to notify.
   */
  visible: (user: AuthUser) => SQL | undefined;
  /**
   * The policy's filters for `notification.read` and `action.read` (the caller's requests in cases they may
   * see) in their prepared form, for the bell's and Action needed's statements (bell.ts).
   */
  bellFilters: BellFilters;
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
      const user = request.user!;
      const q = request.query;
      // One prepared statement for the page and its counts (bell.ts); both list counts stop at a cap
      // (count_capped / unread_capped say so).
      const read = await readBell(db, options.bellFilters, {
        user,
        shape: { staff: isStaff(user), groups: user.groupIds.length > 0 },
        onlyUnread: q.unread === true,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
        bound: countBound(q),
      });
      return {
        ...cappedPageFrom(request, q, read.listCount, read.results),
        unread_count: Math.min(read.unreadCount, UNREAD_COUNT_CAP),
        unread_capped: read.unreadCount > UNREAD_COUNT_CAP,
        action_count: read.actionCount,
      };
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
      const unread = await unreadCount(db, where);
      return { marked, unread_count: unread.count, unread_capped: unread.capped };
    },
  );

  r.get(
    '/api/case/notifications/actions/',
    {
      summary: "Action needed: the caller's open requests (approve, fill in a status, answer…), newest first",
      tags,
      access: 'user',
      query: pageQuery(20, 100),
      response: { 200: actionPageSchema },
    },
    async (request): Promise<ActionPage> => {
      const user = request.user!;
      const q = request.query;
      // One prepared statement for the page and its count (bell.ts), as for the bell.
      const read = await readActions(db, options.bellFilters, {
        user,
        shape: { staff: isStaff(user), groups: user.groupIds.length > 0 },
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return pageFrom(request, q, read.count, read.results);
    },
  );

  r.get(
    '/api/case/notifications/preferences/',
    {
      summary: 'How the caller wants conversation emailed: immediate, hourly or daily (a digest)',
      tags,
      access: 'user',
      response: { 200: notificationPreferencesSchema },
    },
    async (request): Promise<NotificationPreferences> => ({
      conversation_email: await conversationEmailOf(db, request.user!.id),
    }),
  );

  r.put(
    '/api/case/notifications/preferences/',
    {
      summary: 'Choose how conversation is emailed (requests that need action are always emailed at once)',
      tags,
      access: 'user',
      body: notificationPreferencesSchema,
      response: { 200: notificationPreferencesSchema },
    },
    async (request): Promise<NotificationPreferences> => {
      await setConversationEmail(db, request.user!.id, request.body.conversation_email);
      return { conversation_email: await conversationEmailOf(db, request.user!.id) };
    },
  );
}
