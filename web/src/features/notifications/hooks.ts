// The unread count (the bell and the desk read the same query) and marking read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchUnreadCount, markNotificationsRead } from './api.ts';

/** Asked again every minute while the page is open, and when the window regains focus. */
export const UNREAD_REFETCH_MS = 60_000;

export function useUnreadCount() {
  return useQuery({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: fetchUnreadCount,
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Marks some (ids) or all read; the count comes back with the answer, every list is read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof markNotificationsRead>[0]) => markNotificationsRead(body),
    onSuccess: async (result) => {
      client.setQueryData(queryKeys.notifications.unreadCount(), result.unread_count);
      await client.invalidateQueries({ queryKey: queryKeys.notifications.all(), refetchType: 'active' });
    },
  });
}
