// PATCH manage/email/template/{id}/: name, subject, body (the kind and type stay).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateUpdate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateTemplate = (id: number, change: EmailTemplateUpdate) =>
  coordinationApi.patch<EmailTemplate>(`manage/email/template/${id}/`, change).then((r) => r.data);

export function useUpdateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: EmailTemplateUpdate }) => updateTemplate(id, change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailTemplates.all() }),
  });
}
