// GET manage/users/pending/: a page of registrations waiting for an administrator.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const PENDING_USERS_PAGE_SIZE = 50;

export const fetchPendingUsers = (page: number) =>
  coordinationApi.get<PageOf<AdminUser>>('manage/users/pending/', { params: { page } }).then((r) => r.data);

export const pendingUsersQuery = (page: number) =>
  queryOptions({ queryKey: queryKeys.admin.pendingUsers.page(page), queryFn: () => fetchPendingUsers(page) });

export const usePendingUsers = (page: number) => useQuery(pendingUsersQuery(page));
