// PATCH manage/users/{id}/: a user's roles, groups and whether they may sign in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUser, userUpdateSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type UserChange = z.output<typeof userUpdateSchema>;

export const updateUser = (id: number, change: UserChange) =>
  coordinationApi.patch<AdminUser>(`manage/users/${id}/`, change).then((r) => r.data);

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UserChange }) => updateUser(id, change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.users.all() }),
  });
}
