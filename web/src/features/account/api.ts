// Account calls of the signed-in user: password, API tokens, the group directory and join requests.
import type { ApiToken, ApiTokenWithKey, GroupJoinRequestCreated, GroupSummary, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const changePassword = (currentPassword: string, newPassword: string) =>
  coordinationApi.post('api/user/password/', {
    current_password: currentPassword,
    new_password: newPassword,
  });

export const fetchMyTokens = () => coordinationApi.get<ApiToken[]>('api/user/tokens/').then((r) => r.data);

export const createToken = (name: string) =>
  coordinationApi.post<ApiTokenWithKey>('api/user/tokens/', { name }).then((r) => r.data);

export const revokeToken = (id: number) => coordinationApi.delete(`api/user/tokens/${id}/`);

export const fetchGroupDirectory = () =>
  coordinationApi
    .get<PageOf<GroupSummary>>('api/groups/', { params: { page_size: 200 } })
    .then((r) => r.data);

export const requestToJoinGroup = (group: number, message: string) =>
  coordinationApi.post<GroupJoinRequestCreated>('api/group/request/', { group, message }).then((r) => r.data);
