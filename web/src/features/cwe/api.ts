// Calls to the CWE catalogue of the coordination service (base 1), through the shared client.
import type { CweSearchPage } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

export interface CweSearchParams {
  search: string;
  pageSize: number;
  page?: number;
}

export async function searchCwes(params: CweSearchParams, signal?: AbortSignal): Promise<CweSearchPage> {
  const response = await coordinationApi.get<CweSearchPage>('api/cwe/', {
    params: { search: params.search, page: params.page ?? 1, page_size: params.pageSize },
    signal,
  });
  return response.data;
}

/** Follows a page's `next` link (an absolute URL from the server). */
export async function fetchCwePage(url: string, signal?: AbortSignal): Promise<CweSearchPage> {
  const response = await coordinationApi.get<CweSearchPage>(url, { signal });
  return response.data;
}
