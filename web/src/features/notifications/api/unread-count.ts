// The unread count alone (the bell and the desk read the same query): the smallest page of the unread ones.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fetchNotifications } from './notifications.ts';

/** Asked again every minute while the page is open, and when the window regains focus. */
export const UNREAD_REFETCH_MS = 60_000;

export const fetchUnreadCount = () =>
  fetchNotifications({ unread: true, pageSize: 1 }).then((p) => p.unread_count);

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: fetchUnreadCount,
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

export const useUnreadCount = () => useQuery(unreadCountQuery());
