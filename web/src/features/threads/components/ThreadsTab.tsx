// The case's threads: open, official or archived ones with their unread counts; staff start new ones. The
// open thread is in the address (?thread=ID), so a link or a reload lands on it.
import { Suspense, lazy, useState } from 'react';
import { Button, ButtonGroup, Table } from 'react-bootstrap';
import type { Thread } from '@cvdp/core';
import { formatDateTime } from '../../../lib/format.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { useCaseStaff } from '../../../lib/case-caller-metadata.ts';
import { useThreads, type ThreadFilter } from '../api/index.ts';
import { ThreadView } from './ThreadView.tsx';
import { assign, useLatestSearchParams } from '../../../lib/search-params.ts';

// The new-thread form loads when opened: react-hook-form, zod and the form fields would otherwise load with
// every thread view (bench/thread-view.bench.ts).
const NewThreadModal = lazy(() =>
  import('./NewThreadModal.tsx').then((m) => ({ default: m.NewThreadModal })),
);

const FILTERS: { value: ThreadFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'official', label: 'Official' },
  { value: 'archived', label: 'Archived' },
];

export function ThreadBadges({ thread }: { thread: Thread }) {
  return (
    <>
      {thread.official && <ContrastBadge bg="primary">Official</ContrastBadge>}{' '}
      {thread.archived && <ContrastBadge bg="secondary">Archived</ContrastBadge>}{' '}
      {thread.restricted && (
        <ContrastBadge bg="warning" title="Open only to some participants">
          Restricted
        </ContrastBadge>
      )}
    </>
  );
}

export function ThreadsTab({ caseId }: { caseId: number }) {
  const [params, update] = useLatestSearchParams();
  const threadId = parseRouteId(params.get('thread') ?? undefined);
  const open = (id: number | null) =>
    update(assign({ thread: id === null ? null : String(id) }), { preventScrollReset: true });
  return threadId !== null ? (
    <ThreadView caseId={caseId} threadId={threadId} onBack={() => open(null)} />
  ) : (
    <ThreadList caseId={caseId} onOpen={open} />
  );
}

function ThreadList({ caseId, onOpen }: { caseId: number; onOpen: (id: number) => void }) {
  const staff = useCaseStaff(caseId);
  const [filter, setFilter] = useState<ThreadFilter>('open');
  const [creating, setCreating] = useState(false);
  const threads = useThreads(caseId, filter);
  const rows = threads.data?.results ?? [];
  return (
    <section aria-labelledby="case-threads-title">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id="case-threads-title" className="h5 mb-0 me-auto">
          Threads
        </h2>
        <ButtonGroup size="sm" aria-label="Which threads">
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              variant={filter === f.value ? 'primary' : 'outline-primary'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </ButtonGroup>
        {staff && (
          <Button size="sm" onClick={() => setCreating(true)}>
            New thread
          </Button>
        )}
      </div>
      <ErrorAlert error={threads.error} />
      <Table size="sm" responsive hover className="align-middle">
        <thead>
          <tr>
            <th>Subject</th>
            <th>Posts</th>
            <th>Unread</th>
            <th>Last post</th>
          </tr>
        </thead>
        <tbody>
          {threads.data && rows.length === 0 && <NoDataRow colSpan={4} />}
          {rows.map((t) => (
            <tr key={t.id}>
              {/* A floor for the subject's width: at 390 px the table otherwise broke it letter by letter. */}
              <td className="text-break" style={{ minWidth: '9rem' }}>
                <Button variant="link" className="p-0 text-start" onClick={() => onOpen(t.id)}>
                  {t.subject}
                </Button>{' '}
                <ThreadBadges thread={t} />
              </td>
              <td>{t.post_count}</td>
              <td>
                {t.unread > 0 && (
                  <ContrastBadge bg="danger" title={`${t.unread} unread`}>
                    {t.unread}
                    <span className="visually-hidden"> unread</span>
                  </ContrastBadge>
                )}
              </td>
              <td>{t.last_post ? formatDateTime(t.last_post) : ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {creating && (
        <Suspense fallback={null}>
          <NewThreadModal
            caseId={caseId}
            onClose={() => setCreating(false)}
            onCreated={(t) => {
              setCreating(false);
              onOpen(t.id);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
