// POST manage/email/template/preview/: a draft's subject and text as they would be sent, with sample values
// (read as a query: the same draft asks once).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplatePreview, EmailTemplatePreviewInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const previewTemplate = (input: EmailTemplatePreviewInput, signal?: AbortSignal) =>
  coordinationApi
    .post<EmailTemplatePreview>('manage/email/template/preview/', input, { signal })
    .then((r) => r.data);

export const templatePreviewQuery = (draft: EmailTemplatePreviewInput & { subject: string; body: string }) =>
  queryOptions({
    queryKey: queryKeys.emailTemplates.preview(draft.kind, draft.subject, draft.body),
    queryFn: ({ signal }) => previewTemplate(draft, signal),
    // Nothing to show until both are written.
    enabled: draft.subject.trim() !== '' && draft.body.trim() !== '',
    placeholderData: keepPreviousData,
    // A refusal (an unknown variable) is an answer: asking again changes nothing.
    retry: false,
  });

export const useTemplatePreview = (draft: EmailTemplatePreviewInput & { subject: string; body: string }) =>
  useQuery(templatePreviewQuery(draft));
