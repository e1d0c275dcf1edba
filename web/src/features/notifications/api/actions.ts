// GET /api/case/notifications/actions/: Action needed — the caller's open requests, newest first. The bell
// and the desk read the same query, asked again every minute like the unread count.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActionPage } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { UNREAD_REFETCH_MS } from './unread-count.ts';

/** How many requests the bell and the desk list (the count says how many there are in all). */
export const ACTIONS_SHOWN = 10;

export const fetchActions = () =>
  coordinationApi
    .get<ActionPage>('api/case/notifications/actions/', { params: { page_size: ACTIONS_SHOWN } })
    .then((r) => r.data);

export const actionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.actions(),
    queryFn: fetchActions,
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

export const useActions = () => useQuery(actionsQuery());
