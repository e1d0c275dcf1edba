// POST /api/group/request/: asks the administrators to add the signed-in user to a group.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GroupJoinRequestCreated, groupRequestSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

export type GroupRequestBody = z.output<typeof groupRequestSchema>;

export const requestToJoinGroup = (body: GroupRequestBody) =>
  coordinationApi.post<GroupJoinRequestCreated>('api/group/request/', body).then((r) => r.data);

// Nothing the app shows lists the caller's own requests: there is nothing to refresh.
export const useRequestToJoinGroup = () => useMutation({ mutationFn: requestToJoinGroup });
