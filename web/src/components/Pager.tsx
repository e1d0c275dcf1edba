import { Pagination } from 'react-bootstrap';

/**
 * "1,000+ results": a list's count, with a "+" when the API capped it (`count_capped`: a word search stops
 * counting at 1,000 so that it costs what a page costs).
 */
export const countLabel = (count: number, capped: boolean | undefined, one: string, many: string) =>
  !capped && count === 1 ? `1 ${one}` : `${countFigure(count, capped)} ${many}`;

/** The number alone: "1,000+" when capped (a desk's figure). */
export const countFigure = (count: number, capped: boolean | undefined) =>
  `${count.toLocaleString('en')}${capped ? '+' : ''}`;

/**
 * Previous/next over a page-numbered list ({count, next, previous}). A capped count (`capped`) has more
 * pages than it says: "Page 3 of 50+", and Next stays on.
 */
export function Pager(props: {
  page: number;
  pageSize: number;
  count: number;
  capped?: boolean;
  onPage(page: number): void;
}) {
  const pages = Math.max(1, Math.ceil(props.count / props.pageSize));
  if (pages <= 1 && !props.capped) return null;
  const last = !props.capped && props.page >= pages;
  return (
    <Pagination className="justify-content-center" aria-label="Pages">
      <Pagination.Prev disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)} />
      <Pagination.Item active>
        Page {props.page} of {Math.max(pages, props.page)}
        {props.capped ? '+' : ''}
      </Pagination.Item>
      <Pagination.Next disabled={last} onClick={() => props.onPage(props.page + 1)} />
    </Pagination>
  );
}
