// POST manage/groups/: a new group.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GroupSummary, groupCreateSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type GroupCreate = z.output<typeof groupCreateSchema>;

export const createGroup = (body: GroupCreate) =>
  coordinationApi.post<GroupSummary>('manage/groups/', body).then((r) => r.data);

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.groups() }),
  });
}
