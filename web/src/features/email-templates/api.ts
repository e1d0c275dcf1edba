// Email templates (admins): the list (type filter and search), create, edit, delete and the preview of a
// draft as it would be sent. Wire types from @cvdp/core.
import type {
  EmailTemplate,
  EmailTemplateCreate,
  EmailTemplatePreview,
  EmailTemplatePreviewInput,
  EmailTemplateUpdate,
  PageOf,
} from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const TEMPLATES_PAGE_SIZE = 50;

export interface TemplateFilter {
  page: number;
  search: string;
  /** '' for every type. */
  type: '' | '0' | '1';
}

export const fetchTemplates = (f: TemplateFilter) =>
  coordinationApi
    .get<PageOf<EmailTemplate>>('manage/email/templates/', {
      params: {
        page: f.page,
        page_size: TEMPLATES_PAGE_SIZE,
        ...(f.search.trim() ? { search: f.search.trim() } : {}),
        ...(f.type ? { template_type: f.type } : {}),
      },
    })
    .then((r) => r.data);

export const createTemplate = (input: EmailTemplateCreate) =>
  coordinationApi.post<EmailTemplate>('manage/email/templates/', input).then((r) => r.data);
export const updateTemplate = (id: number, change: EmailTemplateUpdate) =>
  coordinationApi.patch<EmailTemplate>(`manage/email/template/${id}/`, change).then((r) => r.data);
export const deleteTemplate = (id: number) =>
  coordinationApi.delete(`manage/email/template/${id}/`).then(() => undefined);
export const previewTemplate = (input: EmailTemplatePreviewInput, signal?: AbortSignal) =>
  coordinationApi
    .post<EmailTemplatePreview>('manage/email/template/preview/', input, { signal })
    .then((r) => r.data);
