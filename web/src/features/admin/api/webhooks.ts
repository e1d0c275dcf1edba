// GET manage/webhooks/: the webhook endpoints (their secrets only as hints).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchWebhooks = () =>
  coordinationApi.get<WebhookEndpoint[]>('manage/webhooks/').then((r) => r.data);

export const webhooksQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.webhooks.all(), queryFn: fetchWebhooks });

export const useWebhooks = () => useQuery(webhooksQuery());
