// POST manage/email/templates/: a new template.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateCreate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createTemplate = (input: EmailTemplateCreate) =>
  coordinationApi.post<EmailTemplate>('manage/email/templates/', input).then((r) => r.data);

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailTemplates.all() }),
  });
}
