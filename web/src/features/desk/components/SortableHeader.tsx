// A column header that sorts the list: each click moves ascending → descending → none (SPEC §5).
import { nextOrdering, sortDirection } from '../list-params.ts';

const ARROWS = { ascending: '▲', descending: '▼', none: '↕' } as const;

export function SortableHeader(props: {
  field: string;
  label: string;
  ordering: string | null;
  onSort(ordering: string | null): void;
  className?: string;
}) {
  const direction = sortDirection(props.ordering, props.field);
  return (
    <th scope="col" aria-sort={direction} className={props.className}>
      <button
        type="button"
        className="btn btn-link p-0 fw-semibold text-reset text-decoration-none text-nowrap"
        onClick={() => props.onSort(nextOrdering(props.ordering, props.field))}
      >
        {props.label}
        <span
          aria-hidden="true"
          className={`ms-1 small ${direction === 'none' ? 'text-body-secondary' : ''}`}
        >
          {ARROWS[direction]}
        </span>
      </button>
    </th>
  );
}
