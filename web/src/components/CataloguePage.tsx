// The list–create–edit–delete page of the administration catalogues (resolutions, tags, vulnerability
// attributes, connections, email templates, CVE accounts): a heading with its Add button, what the list is
// for, the list as a DataTable whose rows end with Edit and Delete (named by the row for screen readers),
// the create/edit dialog the screen gives, and the shared ConfirmDialog before a delete — when the server
// refuses (a row still in use) its reason shows there and nothing goes. A screen is its configuration:
// columns, the dialog, and its api hooks.
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { usePageTitle } from '../lib/page-title.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { DataTable, type DataColumn, type DataTableProps } from './DataTable.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { PageSpinner } from './PageSpinner.tsx';

/** What the page needs of a list query. */
export interface CatalogueList<T> {
  data?: readonly T[];
  error: unknown;
  isPending: boolean;
}

/** What the page needs of a delete mutation (a hook taking the row's id; R: what it answers). */
export interface CatalogueRemove<K = number, R = unknown> {
  mutate(id: K, options: { onSuccess(result: R): void }): void;
  isPending: boolean;
  error: unknown;
  reset(): void;
}

/** A table of its own under a heading (tags: one per kind); `id` is the heading's, `newItem` goes to the editor of its Add button. */
export interface CatalogueSection<T, N> {
  id: string;
  heading: string;
  addLabel: string;
  rows: readonly T[];
  newItem: N;
}

/** What the screen's create/edit dialog gets: the row edited (null: a new one) and how to close it. */
export interface CatalogueEditor<T, N> {
  item: T | null;
  newItem?: N;
  close(): void;
}

/** Rows are keyed by `id`: a number for catalogue rows, a string where a row has no number (tags in use). */
export interface CataloguePageProps<T extends { id: number | string }, N = undefined, R = unknown> {
  /** The h1 and the tab's title. */
  title: string;
  /** What the list is for, under the heading. */
  intro: ReactNode;
  /** The heading's Add button (none when each section has its own). */
  addLabel?: string;
  list: CatalogueList<T>;
  loadingLabel: string;
  /** Words a failed call for the user (default: the app's errorMessage). */
  describeError?(error: unknown): string;
  /** Between the intro and the list: a search form, more alerts. */
  children?: ReactNode;
  columns: readonly DataColumn<T>[];
  /** More of the table: label, layout, paging, the rows after a row. */
  table?: Omit<DataTableProps<T>, 'columns' | 'rows' | 'rowKey'>;
  /** Several tables under their headings instead of one (made from the loaded rows). */
  sections?(rows: readonly T[]): CatalogueSection<T, N>[];
  /** The row as Edit and Delete name it for screen readers: "Edit ICS". */
  itemName(row: T): string;
  /** More buttons before Edit and Delete. */
  rowActions?(row: T): ReactNode;
  /** The actions column's cells' classes ('text-md-end' in a stacked table). */
  actionsClassName?: string;
  editor(props: CatalogueEditor<T, N>): ReactNode;
  remove: CatalogueRemove<T['id'], R>;
  /** After a delete went through (the dialog closed): say so, with what the server answered. */
  onRemoved?(row: T, result: R): void;
  /** The delete question: `Delete the tag “ICS”?`. */
  deleteTitle(row: T): string;
  /** What the delete dialog says (default: it cannot be undone). */
  deleteBody?(row: T): ReactNode;
}

function RowActions(props: {
  name: string;
  onEdit(): void;
  onDelete(): void;
  children?: ReactNode;
  end: string;
}) {
  return (
    <div className={`d-flex flex-wrap gap-1 ${props.end}`}>
      {props.children}
      <Button size="sm" variant="outline-secondary" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        Edit
      </Button>
      <Button size="sm" variant="outline-danger" aria-label={`Delete ${props.name}`} onClick={props.onDelete}>
        Delete
      </Button>
    </div>
  );
}

export function CataloguePage<T extends { id: number | string }, N = undefined, R = unknown>(
  props: CataloguePageProps<T, N, R>,
) {
  const { title, list, remove, describeError } = props;
  usePageTitle(title);
  const [editing, setEditing] = useState<{ item: T | null; newItem?: N } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const stacked = props.table?.layout === 'stack';
  const shown = (error: unknown) => (error && describeError ? describeError(error) : error);

  const columns: DataColumn<T>[] = [
    ...props.columns,
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      cellClassName: props.actionsClassName,
      cell: (row) => (
        <RowActions
          name={props.itemName(row)}
          end={stacked ? 'justify-content-md-end' : 'justify-content-end'}
          onEdit={() => setEditing({ item: row })}
          onDelete={() => {
            remove.reset();
            setDeleting(row);
          }}
        >
          {props.rowActions?.(row)}
        </RowActions>
      ),
    },
  ];
  const table = (rows: readonly T[] | undefined, extra?: Partial<DataTableProps<T>>) => (
    <DataTable size="sm" {...props.table} {...extra} columns={columns} rows={rows} rowKey={(r) => r.id} />
  );

  return (
    <>
      {props.addLabel ? (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h1 className="h3 mb-0">{title}</h1>
          <Button onClick={() => setEditing({ item: null })}>{props.addLabel}</Button>
        </div>
      ) : (
        <h1 className="h3 mb-3">{title}</h1>
      )}
      {props.intro}
      {props.children}
      <ErrorAlert error={shown(list.error)} />
      {list.isPending ? <PageSpinner label={props.loadingLabel} /> : null}
      {!list.isPending && !props.sections ? table(list.data) : null}
      {list.data &&
        props.sections?.(list.data).map((section) => {
          const headingId = section.id;
          return (
            <section key={section.id} aria-labelledby={headingId} className="mb-4">
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
                <h2 className="h5 mb-0" id={headingId}>
                  {section.heading}
                </h2>
                <Button size="sm" onClick={() => setEditing({ item: null, newItem: section.newItem })}>
                  {section.addLabel}
                </Button>
              </div>
              {table(section.rows, { labelledBy: headingId })}
            </section>
          );
        })}
      {editing && props.editor({ ...editing, close: () => setEditing(null) })}
      {deleting && (
        <ConfirmDialog
          title={props.deleteTitle(deleting)}
          busy={remove.isPending}
          error={shown(remove.error)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: (result) => {
                setDeleting(null);
                props.onRemoved?.(deleting, result);
              },
            })
          }
          onCancel={() => setDeleting(null)}
        >
          {props.deleteBody?.(deleting)}
        </ConfirmDialog>
      )}
    </>
  );
}

/** Room for longer labels when a stacked table's rows become blocks on a phone. */
export const stackLabelWidth = (width: string) => ({ '--table-stack-label': width }) as CSSProperties;
