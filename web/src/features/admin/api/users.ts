// GET manage/users/: a page of users, searched by name or email.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const USERS_PAGE_SIZE = 50;

export const fetchUsers = (page: number, search: string) =>
  coordinationApi
    .get<PageOf<AdminUser>>('manage/users/', { params: { page, ...(search ? { search } : {}) } })
    .then((r) => r.data);

export const usersQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: queryKeys.admin.users.list(page, search),
    queryFn: () => fetchUsers(page, search),
  });

export const useUsers = (page: number, search: string) => useQuery(usersQuery(page, search));
