// POST /api/case/notifications/read/: marks some (ids) or all of the caller's notifications read.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsReadResult } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const markNotificationsRead = (body: { ids: number[] } | { all: true }) =>
  coordinationApi.post<NotificationsReadResult>('api/case/notifications/read/', body).then((r) => r.data);

/** The count comes back with the answer; every list is read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: async (result) => {
      client.setQueryData(queryKeys.notifications.unreadCount(), result.unread_count);
      await client.invalidateQueries({ queryKey: queryKeys.notifications.all(), refetchType: 'active' });
    },
  });
}
