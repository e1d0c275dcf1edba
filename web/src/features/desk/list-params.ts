// A list's filters, ordering and page live in the URL's search params, so reload and Back keep them.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export type ParamChanges = Record<string, string | string[] | null | undefined>;

/** Reads and writes the list's URL state; any change but the page itself starts again at page 1. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;

  const update = useCallback(
    (changes: ParamChanges, options: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            next.delete(key);
            for (const v of Array.isArray(value) ? value : value ? [value] : []) next.append(key, v);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  return {
    params,
    page,
    ordering: params.get('ordering'),
    update,
    setPage: (p: number) => update({ page: p > 1 ? String(p) : null }),
    setOrdering: (o: string | null) => update({ ordering: o }),
  };
}

/** The value once it has stopped changing for `ms` (typing into a filter or the search box). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A text filter typed live: the box follows the keys, the URL follows once typing pauses. */
export function useTextFilter(name: string, ms = 300) {
  const { params, update } = useListParams();
  const fromUrl = params.get(name) ?? '';
  const [text, setText] = useState(fromUrl);
  const settled = useDebounced(text, ms);
  useEffect(() => {
    if (settled.trim() !== fromUrl) update({ [name]: settled.trim() || null }, { replace: true });
    // Only a settled change writes the URL; the URL changing (Back) re-seeds the box below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    setText((current) => (current.trim() === fromUrl ? current : fromUrl));
  }, [fromUrl]);
  return useMemo(() => ({ text, setText, value: fromUrl }), [text, fromUrl]);
}
