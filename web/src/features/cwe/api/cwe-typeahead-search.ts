// Results for the CWE typeahead, cached per search term (SPEC §5) together with the link to their next page,
// so infinite scroll continues the list of the term on screen and a term typed again is not re-fetched.
//
// This cache replaces AsyncTypeahead's own `useCache`: the library stores whatever `options` hold, under
// its debounced query, whenever `isLoading` turns false. With pages appended on scroll and answers arriving
// while the user types, that can file one term's results under another. Here every answer is filed under
// the term it was asked for.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CWE_TYPEAHEAD_PAGE_SIZE,
  isProhibitedCwe,
  type CweMappingNote,
  type CweSearchResult,
} from '@cvdp/core';
import { fetchCwePage, searchCwes } from './search-cwes.ts';

/** A menu option, or a chosen CWE (then only `cwe` and, once seen, `name` are known). */
export interface CweOption {
  cwe: string;
  name: string;
  usage?: string;
  status?: string;
  mapping_note?: CweMappingNote;
  /** Prohibited by MITRE: shown with its reason, never chosen (the library's keyboard skips it too). */
  disabled?: boolean;
}

interface TermResults {
  options: CweOption[];
  next: string | null;
}

const toOptions = (results: CweSearchResult[]): CweOption[] =>
  results.map(({ cwe, name, usage, status, mapping_note }) => ({
    cwe,
    name,
    usage,
    status,
    mapping_note,
    disabled: isProhibitedCwe({ usage }),
  }));

/** `deprecated`: list MITRE's retired entries too. Each choice has its own cache. */
export function useCweTypeaheadSearch(deprecated = false) {
  const [byTerm, setByTerm] = useState<ReadonlyMap<string, TermResults>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [loadingMore, setLoadingMore] = useState(false);
  /** The term last searched (after the typeahead's debounce). */
  const [term, setTerm] = useState('');
  const byTermRef = useRef(byTerm);
  byTermRef.current = byTerm;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  /** Every name seen, so selected ids can be shown with their names. */
  const names = useRef(new Map<string, string>());

  const store = useCallback((key: string, results: TermResults) => {
    for (const option of results.options) names.current.set(option.cwe, option.name);
    setByTerm((map) => new Map(map).set(key, results));
  }, []);

  const setPendingFor = useCallback((key: string, on: boolean) => {
    setPending((set) => {
      const next = new Set(set);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  // Cache keys: the term with the choice it was asked with.
  const keyOf = useCallback((query: string) => `${deprecated ? 'all' : 'current'}:${query}`, [deprecated]);

  const search = useCallback(
    (query: string) => {
      setTerm(query);
      const key = keyOf(query);
      if (byTermRef.current.has(key) || pendingRef.current.has(key)) return;
      setPendingFor(key, true);
      searchCwes({ search: query, pageSize: CWE_TYPEAHEAD_PAGE_SIZE, deprecated })
        .then((page) => store(key, { options: toOptions(page.results), next: page.next }))
        // SPEC §8: logged only; nothing is cached, so typing the term again retries.
        .catch((error: unknown) => console.error('CWE search failed', error))
        .finally(() => setPendingFor(key, false));
    },
    [store, setPendingFor, keyOf, deprecated],
  );

  // Showing or hiding retired entries asks again for the term on screen.
  const termRef = useRef(term);
  termRef.current = term;
  useEffect(() => {
    if (termRef.current) search(termRef.current);
  }, [search]);

  /** Fetches the next page of the current term; false when there is none or one is already coming. */
  const loadMore = useCallback((): boolean => {
    const key = keyOf(term);
    const current = byTermRef.current.get(key);
    if (!current?.next || loadingMore) return false;
    setLoadingMore(true);
    fetchCwePage(current.next)
      .then((page) => {
        const latest = byTermRef.current.get(key);
        store(key, { options: [...(latest?.options ?? []), ...toOptions(page.results)], next: page.next });
      })
      .catch((error: unknown) => console.error('CWE search failed', error))
      .finally(() => setLoadingMore(false));
    return true;
  }, [term, loadingMore, store, keyOf]);

  const current = byTerm.get(keyOf(term));
  return {
    search,
    loadMore,
    options: current?.options ?? [],
    hasMore: Boolean(current?.next),
    isLoading: pending.has(keyOf(term)) || loadingMore,
    loadingMore,
    nameOf: (cwe: string) => names.current.get(cwe) ?? '',
  };
}
