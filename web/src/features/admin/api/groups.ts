// GET manage/groups/: every group (up to 200), to put users in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSummary, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchGroups = () =>
  coordinationApi
    .get<PageOf<GroupSummary>>('manage/groups/', { params: { page_size: 200 } })
    .then((r) => r.data.results);

export const groupsQuery = () => queryOptions({ queryKey: queryKeys.admin.groups(), queryFn: fetchGroups });

export const useGroups = () => useQuery(groupsQuery());
