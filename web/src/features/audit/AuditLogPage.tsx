// The audit log: every change made outside a case (catalogue, email templates, connections, accounts,
// settings), newest first, filtered by object type, actor and dates (kept in the address, so a filtered view
// can be reloaded or shared), paged. Each row says who did what and shows the fields that changed, before
// and after.
import { useEffect, useId, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import type { AdminUser, AuditEntry } from '@cvdp/core';
import { formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { AUDIT_PAGE_SIZE, type AuditFilter, useAuditActors, useAuditLog } from './api/index.ts';
import { Changes } from './components/Changes.tsx';
import { assign, useLatestSearchParams } from '../../lib/search-params.ts';

/** The object types written outside cases, as the filter offers them. */
const OBJECT_TYPE_LABELS: Record<string, string> = {
  api_token: 'API token',
  auto_assignment_role: 'Auto-assignment role',
  connection: 'Connection',
  csaf_profile: 'CSAF profile',
  cve_account: 'CVE account',
  email_template: 'Email template',
  group: 'Group',
  group_request: 'Group request',
  resolution_option: 'Resolution option',
  tag: 'Tag',
  user: 'User',
  vul_attribute: 'Vulnerability attribute',
};
const objectLabel = (type: string) => OBJECT_TYPE_LABELS[type] ?? type.replaceAll('_', ' ');
const userLabel = (u: Pick<AdminUser, 'name' | 'email'>) => `${u.name} (${u.email})`;

function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function AuditLogPage() {
  usePageTitle('Audit log');
  const [params, update] = useLatestSearchParams();
  const filter: AuditFilter = {
    page: Math.max(1, Number(params.get('page')) || 1),
    object_type: params.get('object_type') ?? '',
    actor: /^\d{1,10}$/.test(params.get('actor') ?? '') ? params.get('actor')! : '',
    since: params.get('since') ?? '',
    until: params.get('until') ?? '',
  };
  /** Changes one filter (and goes back to the first page). */
  const set = (change: Partial<Record<keyof AuditFilter, string>>) =>
    update(
      (next) => {
        assign(change)(next);
        if (!('page' in change)) next.delete('page');
      },
      { replace: true },
    );

  const entries = useAuditLog(filter);

  // The actor filter: type a name or address, pick one of the people suggested.
  const [actorText, setActorText] = useState('');
  const [actorName, setActorName] = useState('');
  const typed = useSettled(actorText.trim());
  const people = useAuditActors(typed);
  const listId = useId();
  const chooseActor = (text: string) => {
    setActorText(text);
    const match = people.data?.find((u) => userLabel(u) === text);
    if (match) {
      setActorName(match.name);
      setActorText('');
      set({ actor: String(match.id) });
    }
  };
  const rows = entries.data?.results ?? [];
  const shownActor =
    actorName ||
    rows.find((r) => String(r.actor?.id) === filter.actor)?.actor?.name ||
    `user #${filter.actor}`;

  return (
    <>
      <h1 className="h3 mb-3">Audit log</h1>
      <p className="text-muted">
        Changes made outside cases — the catalogue, email templates, connections, accounts and settings — with
        what changed. Changes inside a case are in its own activity.
      </p>
      <Form
        className="row g-2 mb-3"
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Group className="col-12 col-md-3" controlId="audit-object-type">
          <Form.Label>Object type</Form.Label>
          <Form.Select value={filter.object_type} onChange={(e) => set({ object_type: e.target.value })}>
            <option value="">All types</option>
            {Object.entries(OBJECT_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-md-3" controlId="audit-actor">
          <Form.Label>Actor</Form.Label>
          {filter.actor ? (
            <div className="d-flex align-items-center gap-2 flex-wrap">
              <span className="text-break" data-testid="audit-actor">
                {shownActor}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                onClick={() => {
                  setActorName('');
                  set({ actor: '' });
                }}
              >
                Any actor
              </Button>
            </div>
          ) : (
            <>
              <Form.Control
                type="search"
                list={listId}
                value={actorText}
                placeholder="Name or email"
                autoComplete="off"
                onChange={(e) => chooseActor(e.target.value)}
              />
              <datalist id={listId}>
                {(people.data ?? []).map((u) => (
                  <option key={u.id} value={userLabel(u)} />
                ))}
              </datalist>
            </>
          )}
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="audit-since">
          <Form.Label>From</Form.Label>
          <Form.Control type="date" value={filter.since} onChange={(e) => set({ since: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="audit-until">
          <Form.Label>To</Form.Label>
          <Form.Control type="date" value={filter.until} onChange={(e) => set({ until: e.target.value })} />
        </Form.Group>
      </Form>
      <ErrorAlert error={entries.error} />
      {entries.isPending ? <PageSpinner label="Loading the audit log…" /> : null}
      {entries.isSuccess ? (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-top" aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col" className="d-none d-md-table-cell">
                  When
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Who
                </th>
                <th scope="col">What</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Changes
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? <NoDataRow colSpan={4} /> : null}
              {rows.map((entry) => (
                <AuditRow
                  key={entry.id}
                  entry={entry}
                  actorSearch={(id) => {
                    const next = new URLSearchParams(params);
                    next.set('actor', String(id));
                    next.delete('page');
                    return `?${next.toString()}`;
                  }}
                  onActor={setActorName}
                />
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <Pager
        page={filter.page}
        pageSize={AUDIT_PAGE_SIZE}
        count={entries.data?.count ?? 0}
        onPage={(page) => set({ page: String(page) })}
      />
    </>
  );
}

/**
 * One change. Its actor is a link to the log filtered to them (the address holds the filter): every row of
 * one actor links to the same place, so their links share a name and do the same thing.
 */
function AuditRow({
  entry,
  actorSearch,
  onActor,
}: {
  entry: AuditEntry;
  actorSearch(id: number): string;
  onActor(name: string): void;
}) {
  const when = <time dateTime={entry.created}>{formatDateTime(entry.created)}</time>;
  const who = entry.actor ? (
    <Link
      to={{ search: actorSearch(entry.actor.id) }}
      replace
      className="text-start"
      title={`Show only changes by ${entry.actor.name}`}
      onClick={() => onActor(entry.actor!.name)}
    >
      {entry.actor.name}
    </Link>
  ) : (
    <span className="text-muted">System</span>
  );
  return (
    <tr>
      <td className="d-none d-md-table-cell text-nowrap">{when}</td>
      <td className="d-none d-md-table-cell">{who}</td>
      <td>
        {entry.verb}{' '}
        <span className="text-muted">
          {objectLabel(entry.object_type)} #{entry.object_id}
        </span>
        {/* Below md one column: when, who and the changes under what happened. */}
        <div className="d-md-none small">
          <div className="text-muted">
            {when} · {who}
          </div>
          <div className="mt-1">
            <Changes before={entry.before} after={entry.after} />
          </div>
        </div>
      </td>
      <td className="d-none d-md-table-cell">
        <Changes before={entry.before} after={entry.after} />
      </td>
    </tr>
  );
}
