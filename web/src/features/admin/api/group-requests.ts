// GET manage/groups/requests/: requests to join a group, waiting for an administrator.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupJoinRequest, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchGroupRequests = () =>
  coordinationApi.get<PageOf<GroupJoinRequest>>('manage/groups/requests/').then((r) => r.data);

export const groupRequestsQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.groupRequests(), queryFn: fetchGroupRequests });

export const useGroupRequests = () => useQuery(groupRequestsQuery());
