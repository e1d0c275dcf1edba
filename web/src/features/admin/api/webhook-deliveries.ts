// GET manage/webhook/{id}/deliveries/: an endpoint's delivery log, newest first, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageOf, WebhookDelivery } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const WEBHOOK_LOG_PAGE_SIZE = 20;

export const fetchWebhookDeliveries = (id: number, page: number) =>
  coordinationApi
    .get<PageOf<WebhookDelivery>>(`manage/webhook/${id}/deliveries/`, {
      params: { page, page_size: WEBHOOK_LOG_PAGE_SIZE },
    })
    .then((r) => r.data);

export const webhookDeliveriesQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.webhooks.deliveries(id, page),
    queryFn: () => fetchWebhookDeliveries(id, page),
    placeholderData: keepPreviousData,
  });

export const useWebhookDeliveries = (id: number, page: number) => useQuery(webhookDeliveriesQuery(id, page));
