// One webhook endpoint's delivery log: each delivery's event, where it stands (pending with its next attempt,
// delivered, failed), how many attempts, and the last answer — its status, when, and the start of its body
// (or why no answer came: refused by the address policy, timed out…).
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import type { WebhookDelivery } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatDateTime } from '../../lib/format.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { stackLabelWidth } from '../../components/CataloguePage.tsx';
import { WEBHOOK_LOG_PAGE_SIZE, useWebhookDeliveries, useWebhooks } from './api/index.ts';
import { useSendTestEvent } from './WebhooksPage.tsx';

const STATUS_BADGE: Record<WebhookDelivery['status'], string> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};

function Answer({ d }: { d: WebhookDelivery }) {
  if (d.response_status === null) return <>{d.error ?? 'Not tried yet'}</>;
  // One block: a stacked row's cell lays its children side by side.
  return (
    <div>
      <div>HTTP {d.response_status}</div>
      {d.response_excerpt && (
        <pre className="small mb-0 text-break" style={{ whiteSpace: 'pre-wrap', maxHeight: '6rem' }}>
          {d.response_excerpt}
        </pre>
      )}
    </div>
  );
}

export function WebhookLogPage() {
  const id = Number(useParams().id);
  const [page, setPage] = useState(1);
  const endpoint = useWebhooks().data?.find((w) => w.id === id);
  const log = useWebhookDeliveries(id, page);
  const test = useSendTestEvent();
  usePageTitle('Webhook delivery log');
  return (
    <>
      <p className="mb-1">
        <Link to="/cvdp/admin/webhooks">Webhooks</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Delivery log</h1>
        <Button variant="outline-primary" disabled={test.sending(id)} onClick={() => test.send(id)}>
          {test.sending(id) ? 'Sending…' : 'Send test event'}
        </Button>
      </div>
      {endpoint && <p className="text-muted text-break">{endpoint.url}</p>}
      <ErrorAlert error={log.error} />
      {log.isPending ? (
        <PageSpinner label="Loading deliveries…" />
      ) : (
        <DataTable
          layout="stack"
          size="sm"
          style={stackLabelWidth('7.5rem')}
          label="Deliveries"
          rows={log.data?.results}
          rowKey={(d) => d.id}
          paging={
            log.data && { page, pageSize: WEBHOOK_LOG_PAGE_SIZE, count: log.data.count, onPage: setPage }
          }
          columns={[
            { key: 'event', header: 'Event', cell: (d) => <code>{d.event}</code> },
            {
              key: 'status',
              header: 'Status',
              cell: (d) => (
                <>
                  <Badge bg={STATUS_BADGE[d.status]}>{d.status}</Badge>
                  {d.next_attempt && <div className="small">next try {formatDateTime(d.next_attempt)}</div>}
                </>
              ),
            },
            { key: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
            {
              key: 'last_attempt',
              header: 'Last attempt',
              cellClassName: 'text-nowrap',
              cell: (d) => (d.last_attempt ? formatDateTime(d.last_attempt) : '—'),
            },
            {
              key: 'answer',
              header: 'Last answer',
              headerStyle: { minWidth: '12rem' },
              cell: (d) => <Answer d={d} />,
            },
            { key: 'id', header: 'Delivery id', cellClassName: 'small text-break', cell: (d) => d.id },
          ]}
        />
      )}
    </>
  );
}
