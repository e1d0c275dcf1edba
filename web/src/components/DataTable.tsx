// The one table of the app's lists (issue 23): columns described once, the 'No data ...' row when a loaded
// list is empty, sortable headers, the pager under it, and one of two ways to fit a phone.
//
//   <DataTable
//     label="Email templates"
//     columns={[
//       { key: 'name', header: 'Name', cell: (t) => t.name, sortField: 'name' },
//       { key: 'subject', header: 'Subject', cell: (t) => t.subject, className: 'd-none d-md-table-cell' },
//       { key: 'actions', header: 'Actions', hideHeader: true, cell: (t) => <RowButtons … /> },
//     ]}
//     rows={list.data?.results}          // undefined while loading or after a failure: no empty row
//     rowKey={(t) => t.id}
//     ordering={ordering} onSort={setOrdering}           // optional: sortable headers
//     paging={{ page, pageSize: 50, count: list.data?.count ?? 0, onPage: setPage }}   // optional
//     layout="stack"                     // optional: rows become label/value blocks on a phone
//   />
//
// Sorting (SPEC §5): a column with `sortField` has a header button; each press moves the list's ordering
// none → `field` (ascending) → `-field` (descending) → none, and the header carries aria-sort. The table
// does not sort rows itself: the ordering goes to the server (or to whoever owns `rows`).
// Layouts: 'scroll' (default) scrolls sideways inside its box when too wide; 'stack' turns each row into a
// block of "label value" lines below 576 px (styles.css .table-stack), each cell labelled by its column's
// header (or `stackLabel`), so row actions stay on screen.
import { Fragment, type CSSProperties, type Key, type ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { NoDataRow } from './NoDataRow.tsx';
import { Pager } from './Pager.tsx';

export type SortDirection = 'ascending' | 'descending' | 'none';

/** The sort cycle of a header (SPEC §5): none → `field` (ascending) → `-field` (descending) → none. */
export function nextOrdering(current: string | null | undefined, field: string): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

export function sortDirection(ordering: string | null | undefined, field: string): SortDirection {
  if (ordering === field) return 'ascending';
  if (ordering === `-${field}`) return 'descending';
  return 'none';
}

const ARROWS = { ascending: '▲', descending: '▼', none: '↕' } as const;

export interface DataColumn<T> {
  key: string;
  /** The header's text (kept for screen readers when `hideHeader`). */
  header: string;
  cell(row: T): ReactNode;
  /** The header is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  /** Sortable: the field the ordering names (`field` / `-field`). */
  sortField?: string;
  /** Classes of the header and of every cell of the column (`d-none d-md-table-cell` to hide it). */
  className?: string;
  /** Classes of the cells only (`text-break`, `text-end`). */
  cellClassName?: string;
  /** Style of the header (a `minWidth` so a column does not break every few letters). */
  headerStyle?: CSSProperties;
  /** In the 'stack' layout, the label before the cell's value; false for none (the actions). */
  stackLabel?: string | false;
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  /** The rows; undefined while the list loads or when it failed (then no 'No data ...' row). */
  rows: readonly T[] | undefined;
  rowKey(row: T): Key;
  /** The table's accessible name (or `labelledBy`, the id of a heading naming it). */
  label?: string;
  labelledBy?: string;
  /** The current ordering (`field` or `-field`) and what to do when a sortable header is pressed. */
  ordering?: string | null;
  onSort?(ordering: string | null): void;
  /** A page-numbered list: the pager under the table (hidden when everything fits one page). */
  paging?: { page: number; pageSize: number; count: number; onPage(page: number): void };
  layout?: 'scroll' | 'stack';
  size?: 'sm';
  hover?: boolean;
  striped?: boolean;
  className?: string;
  style?: CSSProperties;
  /** Rows shown after a row (a message about it spanning the table); gets the number of columns. */
  after?(row: T, columnCount: number): ReactNode;
}

function HeaderCell<T>(props: {
  column: DataColumn<T>;
  ordering?: string | null;
  onSort?(o: string | null): void;
}) {
  const { column, ordering, onSort } = props;
  const field = column.sortField;
  const direction = field && onSort ? sortDirection(ordering, field) : undefined;
  return (
    <th scope="col" aria-sort={direction} className={column.className} style={column.headerStyle}>
      {column.hideHeader ? (
        <span className="visually-hidden">{column.header}</span>
      ) : field && onSort && direction ? (
        <button
          type="button"
          className="btn btn-link p-0 fw-semibold text-reset text-decoration-none text-nowrap"
          onClick={() => onSort(nextOrdering(ordering, field))}
        >
          {column.header}
          <span
            aria-hidden="true"
            className={`ms-1 small ${direction === 'none' ? 'text-body-secondary' : ''}`}
          >
            {ARROWS[direction]}
          </span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, layout = 'scroll' } = props;
  const stack = layout === 'stack';
  const classes = [stack && 'table-stack', 'align-middle', props.className].filter(Boolean).join(' ');
  const table = (
    <Table
      size={props.size}
      hover={props.hover}
      striped={props.striped}
      responsive={stack}
      className={classes}
      style={props.style}
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
    >
      <thead>
        <tr>
          {columns.map((c) => (
            <HeaderCell key={c.key} column={c} ordering={props.ordering} onSort={props.onSort} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows?.length === 0 ? <NoDataRow colSpan={columns.length} /> : null}
        {rows?.map((row) => (
          <Fragment key={props.rowKey(row)}>
            <tr>
              {columns.map((c) => {
                const label = c.stackLabel ?? (c.hideHeader ? false : c.header);
                return (
                  <td
                    key={c.key}
                    data-label={stack && label ? label : undefined}
                    className={[c.className, c.cellClassName].filter(Boolean).join(' ') || undefined}
                  >
                    {c.cell(row)}
                  </td>
                );
              })}
            </tr>
            {props.after?.(row, columns.length)}
          </Fragment>
        ))}
      </tbody>
    </Table>
  );
  return (
    <>
      {stack ? table : <div className="table-responsive position-relative">{table}</div>}
      {props.paging && <Pager {...props.paging} />}
    </>
  );
}
