// GET manage/email/templates/: a page of the templates, searched and filtered by type.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplate, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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

export const templatesQuery = (filter: TemplateFilter) =>
  queryOptions({
    queryKey: queryKeys.emailTemplates.list(filter),
    queryFn: () => fetchTemplates(filter),
    // The page keeps showing while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useTemplates = (filter: TemplateFilter) => useQuery(templatesQuery(filter));
