// PATCH manage/webhook/{id}/: address, description, events, active or paused (the secret stays).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookUpdate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateWebhook = (id: number, input: WebhookUpdate) =>
  coordinationApi.patch<WebhookEndpoint>(`manage/webhook/${id}/`, input).then((r) => r.data);

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WebhookUpdate }) => updateWebhook(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.webhooks.all() }),
  });
}
