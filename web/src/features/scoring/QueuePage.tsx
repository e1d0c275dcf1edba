// The scoring queue (base 2): CVE records to score, paged, with a query box, filters (status, assigned, locked,
// has SSVC, KEV, severity, published/modified dates) and sortable columns. The filters live in the address
// (shareable, Back works). Rows are keyboard navigable: Tab onto the table, ↑/↓ between rows, Enter opens.
import { type KeyboardEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import {
  VUL_DEFAULT_ORDERING,
  VUL_SEVERITIES,
  VUL_STATUSES,
  type VulOrderingField,
  type VulSummary,
} from '@cvdp/core/scoring/index';
import type { Cvss4Severity } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { assign, useLatestSearchParams } from '../../lib/search-params.ts';
import { formatDate } from '../../lib/format.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { Pager, countLabel } from '../../components/Pager.tsx';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { SeverityBadge } from '../cvss/index.ts';
import { useQueue } from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';

const PAGE_SIZE = 25;
const FILTER_KEYS = [
  'query',
  'status',
  'assigned',
  'locked',
  'has_ssvc',
  'kev',
  'severity',
  'published_after',
  'published_before',
  'modified_after',
  'modified_before',
] as const;

const COLUMNS: { field?: VulOrderingField; label: string }[] = [
  { field: 'id', label: 'CVE' },
  { label: 'Title' },
  { field: 'score', label: 'Score' },
  { label: 'KEV' },
  { label: 'SSVC' },
  { label: 'Status' },
  { label: 'Assigned' },
  { label: 'Lock' },
  { field: 'published', label: 'Published' },
  { field: 'modified', label: 'Modified' },
  { field: 'priority', label: 'Priority' },
];

function YesNoSelect(props: { id: string; label: string; value: string; onChange(v: string): void }) {
  return (
    <Form.Group controlId={props.id}>
      <Form.Label className="small mb-1">{props.label}</Form.Label>
      <Form.Select size="sm" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Any</option>
        <option value="1">Yes</option>
        <option value="0">No</option>
      </Form.Select>
    </Form.Group>
  );
}

function DateField(props: { id: string; label: string; value: string; onChange(v: string): void }) {
  return (
    <Form.Group controlId={props.id}>
      <Form.Label className="small mb-1">{props.label}</Form.Label>
      <Form.Control
        size="sm"
        type="date"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Form.Group>
  );
}

function moveFocus(event: KeyboardEvent<HTMLTableRowElement>, open: () => void) {
  const row = event.currentTarget;
  if (event.key === 'Enter') {
    event.preventDefault();
    open();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
    if (next instanceof HTMLElement) next.focus();
  }
}

function QueueRow({ vul }: { vul: VulSummary }) {
  const navigate = useNavigate();
  const to = `/cvdp/scoring/vuls/${vul.cve_id}`;
  return (
    <tr
      tabIndex={0}
      className="queue-row"
      aria-label={vul.cve_id}
      onKeyDown={(e) => moveFocus(e, () => void navigate(to))}
    >
      <td className="text-nowrap">
        <Link to={to} tabIndex={-1}>
          {vul.cve_id}
        </Link>
      </td>
      <td className="text-break" style={{ minWidth: '12rem' }}>
        {vul.title || vul.description.slice(0, 120)}
      </td>
      <td className="text-nowrap">
        {vul.score !== null && vul.severity ? (
          <>
            {vul.score.toFixed(1)} <SeverityBadge severity={vul.severity.toUpperCase() as Cvss4Severity} />
          </>
        ) : (
          '—'
        )}
      </td>
      <td>{vul.kev ? <ContrastBadge bg="danger">KEV</ContrastBadge> : ''}</td>
      <td>{vul.has_ssvc ? 'Yes' : 'No'}</td>
      <td className="text-capitalize">{vul.status}</td>
      <td>{vul.assigned?.name ?? '—'}</td>
      <td>{vul.locked ? `Locked by ${vul.locked.user.name}` : '—'}</td>
      <td className="text-nowrap">{vul.published ? formatDate(vul.published) : '—'}</td>
      <td className="text-nowrap">{vul.modified ? formatDate(vul.modified) : '—'}</td>
      <td>{vul.priority}</td>
    </tr>
  );
}

export function QueuePage() {
  usePageTitle('Scoring queue');
  const [search, update] = useLatestSearchParams();
  const [queryText, setQueryText] = useState(search.get('query') ?? '');
  const page = Number(search.get('page') ?? '1') || 1;
  const ordering = search.get('ordering') ?? VUL_DEFAULT_ORDERING;
  const params: Record<string, string> = { page: String(page), page_size: String(PAGE_SIZE), ordering };
  for (const key of FILTER_KEYS) {
    const v = search.get(key);
    if (v) params[key] = v;
  }
  const queue = useQueue(params);

  const set = (changes: Record<string, string>) =>
    update((next) => {
      assign(changes)(next);
      if (!('page' in changes)) next.delete('page');
    });
  const filter = (key: string) => search.get(key) ?? '';
  const sortBy = (field: VulOrderingField) =>
    set({ ordering: ordering === `-${field}` ? field : `-${field}` });
  const sortState = (field?: VulOrderingField) => {
    if (!field) return undefined;
    if (ordering === field) return 'ascending' as const;
    if (ordering === `-${field}`) return 'descending' as const;
    return 'none' as const;
  };

  return (
    <div>
      <ScoringNav />
      <h1 className="h3">Scoring queue</h1>
      <Form
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          set({ query: queryText.trim() });
        }}
      >
        <Row className="g-2 align-items-end">
          <Col xs={12} md={6}>
            <Form.Group controlId="queue-query">
              <Form.Label className="small mb-1">Search</Form.Label>
              <Form.Control
                size="sm"
                type="search"
                value={queryText}
                placeholder="CVE id, words, vendor, product or CWE"
                onChange={(e) => setQueryText(e.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs="auto">
            <Button type="submit" size="sm">
              Search
            </Button>
          </Col>
        </Row>
        <Row className="g-2 mt-1" xs={2} sm={3} lg={6}>
          <Col>
            <Form.Group controlId="queue-status">
              <Form.Label className="small mb-1">Status</Form.Label>
              <Form.Select
                size="sm"
                value={filter('status')}
                onChange={(e) => set({ status: e.target.value })}
              >
                <option value="">Any</option>
                {VUL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col>
            <Form.Group controlId="queue-assigned">
              <Form.Label className="small mb-1">Assigned</Form.Label>
              <Form.Select
                size="sm"
                value={filter('assigned')}
                onChange={(e) => set({ assigned: e.target.value })}
              >
                <option value="">Anyone</option>
                <option value="me">Me</option>
                <option value="none">Nobody</option>
              </Form.Select>
            </Form.Group>
          </Col>
          <Col>
            <YesNoSelect
              id="queue-locked"
              label="Locked"
              value={filter('locked')}
              onChange={(v) => set({ locked: v })}
            />
          </Col>
          <Col>
            <YesNoSelect
              id="queue-has-ssvc"
              label="Has SSVC"
              value={filter('has_ssvc')}
              onChange={(v) => set({ has_ssvc: v })}
            />
          </Col>
          <Col>
            <YesNoSelect id="queue-kev" label="KEV" value={filter('kev')} onChange={(v) => set({ kev: v })} />
          </Col>
          <Col>
            <Form.Group controlId="queue-severity">
              <Form.Label className="small mb-1">Severity</Form.Label>
              <Form.Select
                size="sm"
                value={filter('severity')}
                onChange={(e) => set({ severity: e.target.value })}
              >
                <option value="">Any</option>
                {VUL_SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col>
            <DateField
              id="queue-published-after"
              label="Published after"
              value={filter('published_after')}
              onChange={(v) => set({ published_after: v })}
            />
          </Col>
          <Col>
            <DateField
              id="queue-published-before"
              label="Published before"
              value={filter('published_before')}
              onChange={(v) => set({ published_before: v })}
            />
          </Col>
          <Col>
            <DateField
              id="queue-modified-after"
              label="Modified after"
              value={filter('modified_after')}
              onChange={(v) => set({ modified_after: v })}
            />
          </Col>
          <Col>
            <DateField
              id="queue-modified-before"
              label="Modified before"
              value={filter('modified_before')}
              onChange={(v) => set({ modified_before: v })}
            />
          </Col>
        </Row>
      </Form>
      <ErrorAlert error={queue.error} />
      <p className="small text-body-secondary" aria-live="polite">
        {queue.data
          ? countLabel(queue.data.count, queue.data.count_capped, 'vulnerability', 'vulnerabilities')
          : 'Loading…'}
      </p>
      <div className="table-responsive">
        <Table hover size="sm" aria-label="Vulnerabilities to score" className="align-middle">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.label} scope="col" aria-sort={sortState(c.field)} className="text-nowrap">
                  {c.field ? (
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 fw-semibold"
                      onClick={() => sortBy(c.field!)}
                    >
                      {c.label}
                      {sortState(c.field) === 'ascending'
                        ? ' ▲'
                        : sortState(c.field) === 'descending'
                          ? ' ▼'
                          : ''}
                    </Button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {queue.data?.results.length === 0 && <NoDataRow colSpan={COLUMNS.length} />}
            {queue.data?.results.map((v) => (
              <QueueRow key={v.id} vul={v} />
            ))}
          </tbody>
        </Table>
      </div>
      {queue.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          count={queue.data.count}
          capped={queue.data.count_capped}
          onPage={(p) => set({ page: String(p) })}
        />
      )}
    </div>
  );
}
