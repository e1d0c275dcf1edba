// What happened in the case, newest first: each entry's sentence (its object's name a link to it), actor and
// time; a filter on the text, a choice of kind, and "Load more" for older entries.
import { useEffect, useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from '@cvdp/core';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useCaseActivity } from '../api/index.ts';

export const ACTIVITY_FILTER_DELAY_MS = 300;

const time = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm');

const isKind = (v: string): v is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(v);

/** The sentence with the object's name (as the server quoted it) a link to the object. */
export function EntryText({ entry }: { entry: ActivityEntry }) {
  const name = entry.object_name;
  const at = name ? entry.text.lastIndexOf(name) : -1;
  if (!name || !entry.link || at < 0) return <>{entry.text}</>;
  return (
    <>
      {entry.text.slice(0, at)}
      <Link to={entry.link}>{name}</Link>
      {entry.text.slice(at + name.length)}
    </>
  );
}

export function ActivityTab({ caseId }: { caseId: number }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<ActivityKind | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), ACTIVITY_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const activity = useCaseActivity(caseId, q, kind);
  const entries = activity.data?.pages.flatMap((p) => p.results) ?? [];
  const count = activity.data?.pages[0]?.count ?? 0;

  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title" className="h5">
        Activity
      </h2>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Form.Control
          type="search"
          size="sm"
          style={{ maxWidth: '20rem' }}
          aria-label="Filter activity"
          placeholder="Filter activity..."
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Select
          size="sm"
          style={{ maxWidth: '12rem' }}
          aria-label="Kind of activity"
          value={kind ?? ''}
          onChange={(e) => setKind(isKind(e.target.value) ? e.target.value : undefined)}
        >
          <option value="">All kinds</option>
          {ACTIVITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {ACTIVITY_KIND_LABELS[k]}
            </option>
          ))}
        </Form.Select>
      </div>
      <ErrorAlert error={activity.error} prefix="An error occurred: " />
      {activity.isPending && <PageSpinner label="Loading the activity…" />}
      {activity.data && entries.length === 0 && (
        <p className="text-body-secondary">
          {q || kind ? 'No activity matches the filter.' : 'No activity yet.'}
        </p>
      )}
      <ListGroup as="ol" aria-label="Activity entries">
        {entries.map((e) => (
          <ListGroup.Item as="li" key={e.id}>
            <div className="text-break">
              <EntryText entry={e} />
            </div>
            <div className="small text-body-secondary">
              {e.actor?.name ?? 'Someone'} · <time dateTime={e.created}>{time(e.created)}</time>
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
      {activity.data && (
        <p className="small text-body-secondary mt-2 mb-1">
          Showing {entries.length} of {count}
        </p>
      )}
      {activity.hasNextPage && (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
