// GET manage/users/?search=: the people whose name or email matches, the audit log's actor suggestions.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const searchUsers = (search: string) =>
  coordinationApi
    .get<PageOf<AdminUser>>('manage/users/', { params: { page: 1, search } })
    .then((r) => r.data.results);

/** Suggestions start at two characters: one would match nearly everyone. */
export const auditActorsQuery = (search: string) =>
  queryOptions({
    queryKey: queryKeys.audit.actors(search),
    queryFn: () => searchUsers(search),
    enabled: search.length >= 2,
  });

export const useAuditActors = (search: string) => useQuery(auditActorsQuery(search));
