// GET /api/search/: full-text search over what the caller may see.
import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageOf, SearchHit } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { DESK_PAGE_SIZE } from './cases.ts';

/** `signal` cancels it when a newer keystroke replaces it. */
export const searchCases = (query: string, page: number, signal: AbortSignal) =>
  coordinationApi
    .get<PageOf<SearchHit>>('api/search/', { params: { query, page, page_size: DESK_PAGE_SIZE }, signal })
    .then((r) => r.data);

/** Nothing is asked for no words; a search still running when a newer one starts is aborted. */
export function useCaseSearch(words: string, page: number) {
  // The request in flight: a newer search aborts it, and so does leaving the page.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  return useQuery({
    queryKey: queryKeys.desk.search(words, page),
    enabled: words !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      signal.addEventListener('abort', () => controller.abort());
      return searchCases(words, page, controller.signal).finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
    },
  });
}
