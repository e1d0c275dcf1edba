// One page of cases (GET /api/cases/): id, title to the case, status, owners, the caller's role, dates.
// On a tablet the owners, role and created columns step aside; on a phone the updated one too, so the
// title keeps room at 390 px.
import type { CaseListRow } from '@cvdp/core';
import { Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { formatDate } from '../../../lib/format.ts';
import { caseStatus } from '../../cases/index.ts';
import { casePath } from '../paths.ts';
import { SortableHeader } from './SortableHeader.tsx';

const WIDE = 'd-none d-md-table-cell';
/** Hidden only on a phone (below 576 px), where the title needs the room. */
const NARROW_HIDDEN = 'd-none d-sm-table-cell';

export function CaseStatusBadge({ status }: { status: number }) {
  const s = caseStatus(status);
  return <ContrastBadge bg={s.variant}>{s.label}</ContrastBadge>;
}

export function CaseTable(props: {
  rows: CaseListRow[] | undefined;
  ordering: string | null;
  onSort?(ordering: string | null): void;
  caption?: string;
}) {
  const sortable = (field: string, label: string, className?: string) =>
    props.onSort ? (
      <SortableHeader
        field={field}
        label={label}
        ordering={props.ordering}
        onSort={props.onSort}
        className={className}
      />
    ) : (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  return (
    <Table striped hover size="sm" className="align-middle">
      {props.caption && <caption className="visually-hidden">{props.caption}</caption>}
      <thead>
        <tr>
          {sortable('id', 'Case')}
          {sortable('title', 'Title')}
          {sortable('status', 'Status')}
          <th scope="col" className={WIDE}>
            Owners
          </th>
          <th scope="col" className={WIDE}>
            Your role
          </th>
          {sortable('created', 'Created', WIDE)}
          {sortable('updated', 'Updated', NARROW_HIDDEN)}
        </tr>
      </thead>
      <tbody>
        {props.rows?.length === 0 && <NoDataRow colSpan={7} />}
        {props.rows?.map((c) => (
          <tr key={c.id}>
            <td className="text-nowrap">#{c.id}</td>
            <td className="text-break">
              <Link to={casePath(c.id)}>{c.title}</Link>
              {c.tags.length > 0 && (
                <div className="small d-flex flex-wrap gap-1">
                  {c.tags.map((t) => (
                    <ContrastBadge key={t} bg="light">
                      {t}
                    </ContrastBadge>
                  ))}
                </div>
              )}
            </td>
            <td>
              <CaseStatusBadge status={c.status} />
            </td>
            <td className={WIDE}>{c.owners.join(', ') || '—'}</td>
            <td className={WIDE}>{c.role ?? '—'}</td>
            <td className={`${WIDE} text-nowrap`}>{formatDate(c.created)}</td>
            <td className={`${NARROW_HIDDEN} text-nowrap`}>{formatDate(c.updated)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
