// POST manage/webhook/{id}/test/: a test event sent now; what came back (and a new line in the log).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookTestResult } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const testWebhook = (id: number) =>
  coordinationApi.post<WebhookTestResult>(`manage/webhook/${id}/test/`).then((r) => r.data);

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (_result, id) =>
      client.invalidateQueries({ queryKey: queryKeys.admin.webhooks.deliveries(id) }),
  });
}
