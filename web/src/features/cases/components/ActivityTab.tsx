// What happened in the case, newest first: each entry's sentence, actor and time; a filter on the text and
// "Load more" for older entries.
import { useEffect, useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import { format } from 'date-fns';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useCaseActivity } from '../api/index.ts';

export const ACTIVITY_FILTER_DELAY_MS = 300;

const time = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm');

export function ActivityTab({ caseId }: { caseId: number }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), ACTIVITY_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const activity = useCaseActivity(caseId, q);
  const entries = activity.data?.pages.flatMap((p) => p.results) ?? [];
  const count = activity.data?.pages[0]?.count ?? 0;

  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title" className="h5">
        Activity
      </h2>
      <Form.Control
        type="search"
        size="sm"
        className="mb-2"
        style={{ maxWidth: '20rem' }}
        aria-label="Filter activity"
        placeholder="Filter activity..."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <ErrorAlert error={activity.error} prefix="An error occurred: " />
      {activity.isPending && <PageSpinner label="Loading the activity…" />}
      {activity.data && entries.length === 0 && (
        <p className="text-body-secondary">{q ? 'No activity matches the filter.' : 'No activity yet.'}</p>
      )}
      <ListGroup as="ol" aria-label="Activity entries">
        {entries.map((e) => (
          <ListGroup.Item as="li" key={e.id}>
            <div className="text-break">{e.text}</div>
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
