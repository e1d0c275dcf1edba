// DELETE manage/email/template/{id}/: one not in use (else a 409 saying why).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteTemplate = (id: number) =>
  coordinationApi.delete(`manage/email/template/${id}/`).then(() => undefined);

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailTemplates.all() }),
  });
}
