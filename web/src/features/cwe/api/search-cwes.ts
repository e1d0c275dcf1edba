// GET api/cwe/ (the CWE catalogue of the coordination service): one page for a keyword, and the next page
// through its `next` link. The typeahead and the modal page through it with their own hooks
// (cwe-typeahead-search.ts, cwe-modal-search.ts), each keeping what it has shown.
import type { CweSearchPage } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

export interface CweSearchParams {
  search: string;
  pageSize: number;
  page?: number;
  /** MITRE's retired entries (Deprecated, Obsolete) too; the picker leaves them out unless asked. */
  deprecated: boolean;
}

export async function searchCwes(params: CweSearchParams, signal?: AbortSignal): Promise<CweSearchPage> {
  const response = await coordinationApi.get<CweSearchPage>('api/cwe/', {
    params: {
      search: params.search,
      page: params.page ?? 1,
      page_size: params.pageSize,
      // The next-page links the server writes keep this, so Load More and scrolling page the same list.
      deprecated: String(params.deprecated),
    },
    signal,
  });
  return response.data;
}

/** Follows a page's `next` link (an absolute URL from the server). */
export async function fetchCwePage(url: string, signal?: AbortSignal): Promise<CweSearchPage> {
  const response = await coordinationApi.get<CweSearchPage>(url, { signal });
  return response.data;
}
