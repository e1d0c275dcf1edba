// The coordinator's desk: "Embargoes ending in the next 14 days" — the cases whose holding embargo ends
// within the window (or has passed its end and is not yet exited), soonest first, each with its end in the
// viewer's time and UTC and a countdown.
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { EndTime, countdown, useNow } from '../../embargo/index.ts';
import { useCases } from '../api/index.ts';
import { casePath } from '../paths.ts';

export const EMBARGO_WINDOW_DAYS = 14;
/** The most the list reads at once (the case list's page maximum); a desk rarely has that many. */
const READ = 100;

export function EndingEmbargoes() {
  // Fixed when the desk opens: a moving instant would make a new query key every render.
  const [before] = useState(() => new Date(Date.now() + EMBARGO_WINDOW_DAYS * 86_400_000).toISOString());
  const now = useNow();
  const list = useCases({ embargoEndsBefore: before, page: 1, pageSize: READ });
  const rows = [...(list.data?.results ?? [])].sort((a, b) =>
    (a.embargo_ends ?? '').localeCompare(b.embargo_ends ?? ''),
  );
  return (
    <section aria-labelledby="ending-embargoes" className="mb-4">
      <h2 id="ending-embargoes" className="h5">
        Embargoes ending in the next {EMBARGO_WINDOW_DAYS} days
      </h2>
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      {list.isPending ? (
        <PageSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">No embargo ends in the next {EMBARGO_WINDOW_DAYS} days.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {rows.map((c) => (
            <li key={c.id} className="mb-2">
              <Link to={casePath(c.id)}>
                #{c.id} {c.title}
              </Link>
              {c.embargo_ends && (
                <div className="small">
                  <strong>{countdown(c.embargo_ends, now)}</strong> · <EndTime iso={c.embargo_ends} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
