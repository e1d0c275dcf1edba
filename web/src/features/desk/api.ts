// Desk calls (SPEC §7 "Case calls"): the case lists, the triage queue, full-text search and the list filters'
// metadata. Every list is a page ({count, next, previous, results}).
import type { CaseListMetadata, CaseListRow, PageOf, SearchHit, TriageRow } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export const DESK_PAGE_SIZE = 20;

export interface CaseListParams {
  query?: string;
  status?: number[];
  owned?: boolean;
  tag?: string;
  ordering?: string;
  page: number;
  pageSize?: number;
}

/** Repeated parameters as the server reads them: `status=0&status=1` (axios would send `status[]=0`). */
const repeatParams = { indexes: null } as const;

export const fetchCases = (p: CaseListParams) =>
  coordinationApi
    .get<PageOf<CaseListRow>>('api/cases/', {
      params: {
        query: p.query || undefined,
        status: p.status?.length ? p.status : undefined,
        owned: p.owned ? 'True' : undefined,
        tag: p.tag || undefined,
        ordering: p.ordering || undefined,
        page: p.page,
        page_size: p.pageSize ?? DESK_PAGE_SIZE,
      },
      paramsSerializer: repeatParams,
    })
    .then((r) => r.data);

export const fetchTriage = (p: { query?: string; page: number; pageSize?: number }) =>
  coordinationApi
    .get<PageOf<TriageRow>>('api/triage/', {
      params: { query: p.query || undefined, page: p.page, page_size: p.pageSize ?? DESK_PAGE_SIZE },
    })
    .then((r) => r.data);

/** Full-text search; `signal` cancels it when a newer keystroke replaces it. */
export const searchCases = (query: string, page: number, signal: AbortSignal) =>
  coordinationApi
    .get<PageOf<SearchHit>>('api/search/', { params: { query, page, page_size: DESK_PAGE_SIZE }, signal })
    .then((r) => r.data);

export const fetchListMetadata = () =>
  coordinationApi.get<CaseListMetadata>('api/case/metadata/').then((r) => r.data);
