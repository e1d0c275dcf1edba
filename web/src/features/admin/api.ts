// Administrators' calls: registrations, users, groups and requests to join a group.
import type {
  AdminUser,
  GroupJoinRequest,
  GroupJoinRequestDecision,
  GroupSummary,
  PageOf,
  RoleName,
} from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const fetchPendingUsers = (page: number) =>
  coordinationApi.get<PageOf<AdminUser>>('manage/users/pending/', { params: { page } }).then((r) => r.data);

export const fetchUsers = (page: number, search: string) =>
  coordinationApi
    .get<PageOf<AdminUser>>('manage/users/', { params: { page, ...(search ? { search } : {}) } })
    .then((r) => r.data);

export const approveUser = (id: number) =>
  coordinationApi.patch(`manage/users/pending/${id}/`, { pending: false });
export const rejectUser = (id: number) => coordinationApi.delete(`manage/users/pending/${id}/`);

export const updateUser = (
  id: number,
  change: { roles?: RoleName[]; groups?: number[]; is_active?: boolean },
) => coordinationApi.patch<AdminUser>(`manage/users/${id}/`, change).then((r) => r.data);

export const fetchGroups = () =>
  coordinationApi
    .get<PageOf<GroupSummary>>('manage/groups/', { params: { page_size: 200 } })
    .then((r) => r.data.results);

export const createGroup = (name: string, kind: string) =>
  coordinationApi.post<GroupSummary>('manage/groups/', { name, kind }).then((r) => r.data);

export const fetchGroupRequests = () =>
  coordinationApi.get<PageOf<GroupJoinRequest>>('manage/groups/requests/').then((r) => r.data);

export const decideGroupRequest = (id: number, status: GroupJoinRequestDecision['status']) =>
  coordinationApi
    .patch<GroupJoinRequestDecision>(`manage/groups/requests/${id}/`, { status })
    .then((r) => r.data);
