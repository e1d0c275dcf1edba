// POST manage/webhooks/: a new endpoint; the answer holds its signing secret, the only time it is shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookCreate, WebhookEndpointCreated } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createWebhook = (input: WebhookCreate) =>
  coordinationApi.post<WebhookEndpointCreated>('manage/webhooks/', input).then((r) => r.data);

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.webhooks.all() }),
  });
}
