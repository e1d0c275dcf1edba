import { Pagination } from 'react-bootstrap';

/** Previous/next over a page-numbered list ({count, next, previous}). */
export function Pager(props: { page: number; pageSize: number; count: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(props.count / props.pageSize));
  if (pages <= 1) return null;
  return (
    <Pagination className="justify-content-center" aria-label="Pages">
      <Pagination.Prev disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)} />
      <Pagination.Item active>
        Page {props.page} of {pages}
      </Pagination.Item>
      <Pagination.Next disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)} />
    </Pagination>
  );
}
