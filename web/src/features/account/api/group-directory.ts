// GET /api/groups/: the group directory, to ask to join one.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSummary, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchGroupDirectory = () =>
  coordinationApi
    .get<PageOf<GroupSummary>>('api/groups/', { params: { page_size: 200 } })
    .then((r) => r.data);

export const groupDirectoryQuery = () =>
  queryOptions({ queryKey: queryKeys.account.groupDirectory(), queryFn: fetchGroupDirectory });

export const useGroupDirectory = () => useQuery(groupDirectoryQuery());
