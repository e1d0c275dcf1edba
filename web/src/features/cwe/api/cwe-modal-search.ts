// The modal's list: page 1 for the current keyword, then 'Load More' appends the next page.
// Failures are only logged (SPEC §8); answers to an older keyword are dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CWE_MODAL_PAGE_SIZE, type CweSearchResult } from '@cvdp/core';
import { fetchCwePage, searchCwes } from './search-cwes.ts';

/** Wait after the last keystroke before searching, like the typeahead (SPEC §9: 200 ms). */
export const MODAL_SEARCH_DELAY_MS = 200;

export interface CweModalSearch {
  results: CweSearchResult[];
  count: number;
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
}

/** `deprecated`: list MITRE's retired entries too (the modal's 'Show deprecated'). */
export function useCweModalSearch(active: boolean, keyword: string, deprecated: boolean): CweModalSearch {
  const [results, setResults] = useState<CweSearchResult[]>([]);
  const [count, setCount] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Bumped for every new keyword: answers carrying an older generation are ignored.
  const generation = useRef(0);

  useEffect(() => {
    if (!active) return;
    const mine = ++generation.current;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        searchCwes({ search: keyword.trim(), pageSize: CWE_MODAL_PAGE_SIZE, deprecated }, controller.signal)
          .then((page) => {
            if (generation.current !== mine) return;
            setResults(page.results);
            setCount(page.count);
            setNext(page.next);
          })
          .catch((error: unknown) => {
            if (!controller.signal.aborted) console.error('CWE search failed', error);
          })
          .finally(() => {
            if (generation.current === mine) setLoading(false);
          });
      },
      // The first page when the modal opens comes at once; typing waits for a pause.
      keyword ? MODAL_SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, keyword, deprecated]);

  const loadMore = useCallback(() => {
    if (!next || loading) return;
    const mine = generation.current;
    setLoading(true);
    fetchCwePage(next)
      .then((page) => {
        if (generation.current !== mine) return;
        setResults((shown) => [...shown, ...page.results]);
        setCount(page.count);
        setNext(page.next);
      })
      .catch((error: unknown) => console.error('CWE search failed', error))
      .finally(() => {
        if (generation.current === mine) setLoading(false);
      });
  }, [next, loading]);

  return { results, count, hasMore: next !== null, loading, loadMore };
}
