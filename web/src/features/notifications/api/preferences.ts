// GET/PUT /api/case/notifications/preferences/: how conversation is emailed (at once, hourly, daily).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const URL = 'api/case/notifications/preferences/';

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: () => coordinationApi.get<NotificationPreferences>(URL).then((r) => r.data),
  });

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      coordinationApi.put<NotificationPreferences>(URL, body).then((r) => r.data),
    onSuccess: (saved) => client.setQueryData(queryKeys.notifications.preferences(), saved),
  });
}
