// One page of cases (GET /api/cases/): id, title to the case, status, when its embargo ends ("Public in"),
// owners, the caller's role, dates.
// On a tablet the owners, role and created columns step aside; on a phone the updated one too, so the
// title keeps room at 390 px.
import type { CaseListRow } from '@cvdp/core';
import { Link } from 'react-router';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { formatDate } from '../../../lib/format.ts';
import { caseStatus } from '../../cases/index.ts';
import { publicIn, useNow } from '../../embargo/index.ts';
import { casePath } from '../paths.ts';

const WIDE = 'd-none d-md-table-cell';
/** Hidden only on a phone (below 576 px), where the title needs the room. */
const NARROW_HIDDEN = 'd-none d-sm-table-cell';

/** The vendor's home marks a case where its status for some vulnerability is still unknown. */
export const AWAITING_MY_STATUS = 'Waiting for your status';

export function CaseStatusBadge({ status }: { status: number }) {
  const s = caseStatus(status);
  return <ContrastBadge bg={s.variant}>{s.label}</ContrastBadge>;
}

export function CaseTable(props: {
  rows: CaseListRow[] | undefined;
  ordering: string | null;
  onSort?(ordering: string | null): void;
  caption?: string;
  /** Mark the cases waiting for the caller's vendor status (the vendor's home). */
  markAwaiting?: boolean;
}) {
  const now = useNow();
  const columns: DataColumn<CaseListRow>[] = [
    { key: 'id', header: 'Case', sortField: 'id', cellClassName: 'text-nowrap', cell: (c) => `#${c.id}` },
    {
      key: 'title',
      header: 'Title',
      sortField: 'title',
      cellClassName: 'text-break',
      cell: (c) => (
        <>
          <Link to={casePath(c.id)}>{c.title}</Link>
          {props.markAwaiting && c.awaiting_my_status && (
            <div>
              <ContrastBadge bg="warning">{AWAITING_MY_STATUS}</ContrastBadge>
            </div>
          )}
          {c.tags.length > 0 && (
            <div className="small d-flex flex-wrap gap-1">
              {c.tags.map((t) => (
                <ContrastBadge key={t} bg="light">
                  {t}
                </ContrastBadge>
              ))}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortField: 'status',
      cell: (c) => <CaseStatusBadge status={c.status} />,
    },
    {
      key: 'public',
      header: 'Public in',
      cellClassName: 'text-nowrap',
      cell: (c) =>
        c.embargo_ends ? (
          <time dateTime={c.embargo_ends} title={`Embargo ends ${c.embargo_ends.slice(0, 16)} UTC`}>
            {publicIn(c.embargo_ends, now)}
          </time>
        ) : (
          publicIn(null, now)
        ),
    },
    { key: 'owners', header: 'Owners', className: WIDE, cell: (c) => c.owners.join(', ') || '—' },
    { key: 'role', header: 'Your role', className: WIDE, cell: (c) => c.role ?? '—' },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created',
      className: WIDE,
      cellClassName: 'text-nowrap',
      cell: (c) => formatDate(c.created),
    },
    {
      key: 'updated',
      header: 'Updated',
      sortField: 'updated',
      className: NARROW_HIDDEN,
      cellClassName: 'text-nowrap',
      cell: (c) => formatDate(c.updated),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      rowKey={(c) => c.id}
      label={props.caption}
      ordering={props.ordering}
      onSort={props.onSort}
      size="sm"
      striped
      hover
    />
  );
}
