// GET /api/case/notifications/: the caller's own notifications, newest first, with their unread count
// beside every page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPage } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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

/** One page of the full list (the previous page stays on screen while the next loads). */
export const notificationsPageQuery = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: queryKeys.notifications.page(page, unread),
    queryFn: () => fetchNotifications({ page, unread }),
    placeholderData: keepPreviousData,
  });

export const useNotificationsPage = (page: number, unread: boolean) =>
  useQuery(notificationsPageQuery(page, unread));

/** The newest few, for the bell's menu: asked only while it is open. */
export const latestNotificationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.latest(),
    queryFn: () => fetchNotifications({ pageSize: LATEST_COUNT }),
  });

export const useLatestNotifications = (enabled: boolean) =>
  useQuery({ ...latestNotificationsQuery(), enabled });
