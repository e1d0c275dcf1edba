// The changes of a vulnerability (record, enrichment, score, queue) and what people did to it, each paged.
import { useState } from 'react';
import { ListGroup } from 'react-bootstrap';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { NO_DATA_TEXT } from '../../../components/NoDataRow.tsx';
import { VUL_HISTORY_PAGE_SIZE as PAGE, useVulActivity, useVulChanges } from '../api/index.ts';

export function ChangesList({ cveId }: { cveId: string }) {
  const [page, setPage] = useState(1);
  const q = useVulChanges(cveId, page);
  return (
    <section aria-labelledby="changes-title" className="mb-4">
      <h2 id="changes-title" className="h5">
        Changes
      </h2>
      <ErrorAlert error={q.error} />
      {q.data?.results.length === 0 && <p className="text-body-secondary small">{NO_DATA_TEXT}</p>}
      <ListGroup as="ol" variant="flush" aria-label="Changes, newest first">
        {q.data?.results.map((c) => (
          <ListGroup.Item as="li" key={c.id} className="px-0 small">
            <span className="fw-semibold">{c.summary}</span> · {c.kind} · {formatDateTime(c.at)}
            {c.user ? ` by ${c.user.name}` : c.ingest_job ? ` (ingest #${c.ingest_job})` : ''}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {q.data && <Pager page={page} pageSize={PAGE} count={q.data.count} onPage={setPage} />}
    </section>
  );
}

export function ActivityList({ cveId }: { cveId: string }) {
  const [page, setPage] = useState(1);
  const q = useVulActivity(cveId, page);
  return (
    <section aria-labelledby="activity-title" className="mb-4">
      <h2 id="activity-title" className="h5">
        Activity
      </h2>
      <ErrorAlert error={q.error} />
      {q.data?.results.length === 0 && <p className="text-body-secondary small">{NO_DATA_TEXT}</p>}
      <ListGroup as="ol" variant="flush" aria-label="Activity, newest first">
        {q.data?.results.map((a) => (
          <ListGroup.Item as="li" key={a.id} className="px-0 small">
            <span className="fw-semibold">{a.verb}</span> · {formatDateTime(a.at)}
            {a.user ? ` by ${a.user.name}` : ''}
          </ListGroup.Item>
        ))}
      </ListGroup>
      {q.data && <Pager page={page} pageSize={PAGE} count={q.data.count} onPage={setPage} />}
    </section>
  );
}
