// Notification calls (SPEC §7: GET /api/case/notifications/; POST /api/case/notifications/read/): the
// caller's own notifications, newest first, with their unread count beside every page.
import type { NotificationPage, NotificationsReadResult } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many the bell's menu shows. */
export const LATEST_COUNT = 5;

export const fetchNotifications = (p: { page?: number; pageSize?: number; unread?: boolean }) =>
  coordinationApi
    .get<NotificationPage>('api/case/notifications/', {
      params: {
        unread: p.unread ? 1 : undefined,
        page: p.page ?? 1,
        page_size: p.pageSize ?? NOTIFICATIONS_PAGE_SIZE,
      },
    })
    .then((r) => r.data);

/** The unread count alone: the smallest page of the unread ones. */
export const fetchUnreadCount = () =>
  fetchNotifications({ unread: true, pageSize: 1 }).then((p) => p.unread_count);

export const markNotificationsRead = (body: { ids: number[] } | { all: true }) =>
  coordinationApi.post<NotificationsReadResult>('api/case/notifications/read/', body).then((r) => r.data);
