// /cvdp/triage (staff): new reports waiting in status 0, oldest first (or weakest first), each with its
// quality label and reasons and leading to its case to be activated there — or several selected (checkboxes,
// Space to tick) and handled at once with the bulk action bar, whose per-report summary stays above the
// queue. The words filter, the order and the page live in the URL.
import { useState } from 'react';
import { Alert, Button, Col, Form, Nav, Row, Table } from 'react-bootstrap';
import type { BulkTriageAnswer } from '@cvdp/core';
import { Link } from 'react-router';
import { useReleaseHeld } from '../cases/index.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager, countLabel } from '../../components/Pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DESK_PAGE_SIZE, useTriage } from './api/index.ts';
import { useListParams, useTextFilter } from './list-params.ts';
import { casePath } from './paths.ts';
import { BulkTriageBar } from './components/BulkTriageBar.tsx';
import { QualityCell } from './components/QualityCell.tsx';

function BulkSummary({ answer, onClose }: { answer: BulkTriageAnswer; onClose(): void }) {
  return (
    <Alert
      variant={answer.refused ? 'warning' : 'success'}
      dismissible
      onClose={onClose}
      className="text-body"
    >
      <h2 className="h6">
        {answer.done} done, {answer.refused} refused
      </h2>
      <ul className="mb-0" aria-label="What happened to each report">
        {answer.results.map((r) => (
          <li key={r.case}>
            <Link to={casePath(r.case)}>#{r.case}</Link>: {r.ok ? '' : 'refused — '}
            {r.detail}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** A held report's own Release button (the bulk bar releases several). */
function ReleaseButton({ id, title }: { id: number; title: string }) {
  const release = useReleaseHeld();
  return (
    <Button
      size="sm"
      variant="outline-primary"
      aria-label={`Release report #${id}: ${title}`}
      disabled={release.isPending}
      onClick={() =>
        release.mutate(id, { onSuccess: () => toast(`Report #${id} released into the triage queue.`) })
      }
    >
      Release
    </Button>
  );
}

export function TriagePage() {
  usePageTitle('Triage');
  const { page, setPage, params: search, update, ordering: orderingParam, setOrdering } = useListParams();
  const ordering = orderingParam === 'quality' ? ('quality' as const) : undefined;
  const query = useTextFilter('query');
  // The Held section (?held=1): reports beyond a submit limit, kept out of the queue until released.
  const held = search.get('held') === '1';
  const params = { query: query.value || undefined, ordering, page, held };
  const list = useTriage(params);
  const [selected, setSelected] = useState<number[]>([]);
  const [summary, setSummary] = useState<BulkTriageAnswer | null>(null);
  const rows = list.data?.results ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: number) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const toggleAll = () =>
    setSelected((s) =>
      allOnPage
        ? s.filter((id) => !rows.some((r) => r.id === id))
        : [...new Set([...s, ...rows.map((r) => r.id)])],
    );
  return (
    <>
      <h1 className="h3 mb-1">Triage</h1>
      <p className="text-body-secondary">
        New reports waiting for a coordinator. Open a case to activate it, or select several to act on them at
        once. The quality label only orders the queue: every report stays in it.
      </p>
      <Nav variant="tabs" className="mb-3" aria-label="Triage sections">
        <Nav.Item>
          <Nav.Link
            as="button"
            active={!held}
            aria-current={!held ? 'page' : undefined}
            onClick={() => update({ held: null })}
          >
            Queue
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link
            as="button"
            active={held}
            aria-current={held ? 'page' : undefined}
            onClick={() => update({ held: '1' })}
          >
            Held
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {held && (
        <p className="text-body-secondary">
          Reports sent beyond a submit limit (per address range or for a new account). They are kept, not
          refused; release them into the queue once you have glanced at them.
        </p>
      )}
      <Form
        role="search"
        aria-label="Filter the triage queue"
        className="mb-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Row className="g-2">
          <Col xs={12} md>
            <Form.Label htmlFor="triage-query">Words in title or report</Form.Label>
            <Form.Control
              id="triage-query"
              type="search"
              value={query.text}
              onChange={(e) => query.setText(e.target.value)}
            />
          </Col>
          <Col xs={12} md="auto">
            <Form.Label htmlFor="triage-ordering">Order</Form.Label>
            <Form.Select
              id="triage-ordering"
              value={ordering ?? 'submitted'}
              onChange={(e) => setOrdering(e.target.value === 'quality' ? 'quality' : null)}
            >
              <option value="submitted">Oldest first</option>
              <option value="quality">Weakest first</option>
            </Form.Select>
          </Col>
        </Row>
      </Form>
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      {summary && <BulkSummary answer={summary} onClose={() => setSummary(null)} />}
      {selected.length > 0 && (
        <BulkTriageBar
          selected={selected}
          onClear={() => setSelected([])}
          onDone={(answer) => {
            setSummary(answer);
            setSelected([]);
          }}
        />
      )}
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {list.data && (
            <p className="text-body-secondary small mb-2" aria-live="polite">
              {countLabel(list.data.count, list.data.count_capped, 'report', 'reports')}{' '}
              {held ? 'held' : 'waiting'}
            </p>
          )}
          <Table striped hover size="sm" className="align-middle">
            <caption className="visually-hidden">Triage queue</caption>
            <thead>
              <tr>
                <th scope="col" className="text-center">
                  <Form.Check
                    aria-label="Select every report on this page"
                    checked={allOnPage}
                    onChange={toggleAll}
                  />
                </th>
                <th scope="col">Case</th>
                <th scope="col">Title</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Reporter
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Product
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Quality
                </th>
                {/* In the Held section a phone needs the room for Release: the date goes under the title. */}
                <th scope="col" className={held ? 'd-none d-md-table-cell' : undefined}>
                  Submitted
                </th>
                {held && (
                  <th scope="col">
                    <span className="visually-hidden">Release</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {list.data?.results.length === 0 && <NoDataRow colSpan={held ? 8 : 7} />}
              {list.data?.results.map((row) => (
                <tr key={row.id}>
                  <td className="text-center">
                    <Form.Check
                      aria-label={`Select report #${row.id}: ${row.title}`}
                      checked={selected.includes(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  </td>
                  <td className="text-nowrap">
                    <Link to={casePath(row.id)}>#{row.id}</Link>
                  </td>
                  <td className="text-break">
                    <Link to={casePath(row.id)}>{row.title}</Link>
                    <div className="small text-body-secondary d-md-none">
                      {[row.reporter?.name, row.product, held ? formatDateTime(row.submitted) : undefined]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                    {/* Below md the quality sits under the title (the column is hidden). */}
                    <div className="d-md-none mt-1">
                      <QualityCell quality={row.quality} id={row.id} />
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">{row.reporter?.name ?? '—'}</td>
                  <td className="d-none d-md-table-cell text-break">{row.product || '—'}</td>
                  <td className="d-none d-md-table-cell">
                    <QualityCell quality={row.quality} id={row.id} />
                  </td>
                  <td className={held ? 'd-none d-md-table-cell text-nowrap' : 'text-nowrap'}>
                    {formatDateTime(row.submitted)}
                  </td>
                  {held && (
                    <td>
                      <ReleaseButton id={row.id} title={row.title} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      {list.data && (
        <Pager
          page={page}
          pageSize={DESK_PAGE_SIZE}
          count={list.data.count}
          capped={list.data.count_capped}
          onPage={setPage}
        />
      )}
    </>
  );
}
