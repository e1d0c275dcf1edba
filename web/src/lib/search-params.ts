// The address's query as a screen's filters, changed a few keys at a time without losing a change made just
// before.
//
// React Router renders a navigation inside a transition: the address changes at once, but the screen (and so
// the `searchParams` its handlers close over) shows the old query until that render commits. A second change
// made meanwhile — clearing the search, then at once picking "KEV" — was built on the old query and undid the
// first: the queue then listed `query=<the old words>&kev=1` (a flaky browser test, issue 30). Its own
// functional form does not help: it is handed the same rendered query.
import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useLocation, useSearchParams } from 'react-router';

/** A change to the query: set or delete keys on `next` (a copy of the latest query). */
export type SearchChange = (next: URLSearchParams) => void;

/**
 * useSearchParams whose `update` builds each change on the latest query asked for — the rendered one, or one a
 * change asked for that has not rendered yet — so that quick changes add up instead of undoing each other.
 */
export function useLatestSearchParams() {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  // The query the last change asked for, while it has not rendered: forgotten as soon as any navigation renders
  // (that change, or back/forward — even back to the entry shown when it was asked, hence the location's key
  // and not its query). React runs this effect before it handles the next click or key.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [key]);
  const update = useCallback(
    (change: SearchChange, options?: NavigateOptions) => {
      const next = new URLSearchParams(asked.current ?? params);
      change(next);
      asked.current = next.toString();
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, update] as const;
}

/** A change that sets the keys given a value and deletes those given none ('' or null). */
export const assign =
  (changes: Record<string, string | null | undefined>): SearchChange =>
  (next) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
  };
