// DELETE manage/webhook/{id}/: the endpoint and its delivery log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteWebhook = (id: number) =>
  coordinationApi.delete(`manage/webhook/${id}/`).then(() => undefined);

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.webhooks.all() }),
  });
}
