// The queue's orderings as ORDER BY terms, over the table's columns or over a subquery that selected them
// (the common-phrase walk, common-phrase.ts).
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { cveRecords } from './tables.ts';

export interface OrderColumns {
  id: AnyColumn;
  published: AnyColumn;
  modified: AnyColumn;
  score: AnyColumn;
  priority: AnyColumn;
}

export const ORDER_COLUMNS: OrderColumns = {
  id: cveRecords.id,
  published: cveRecords.datePublished,
  modified: cveRecords.dateUpdated,
  score: cveRecords.score,
  priority: cveRecords.priority,
};

export function orderBy(ordering: string, columns: OrderColumns = ORDER_COLUMNS): SQL[] {
  const descending = ordering.startsWith('-');
  const field = (descending ? ordering.slice(1) : ordering) as keyof OrderColumns;
  const col = columns[field];
  const id = columns.id;
  // Written as the indexes are (records/tables.ts), so a page is read off an index in order; `id` is never
  // null, and its own ordering reads the primary key (backwards for -id).
  if (field === 'id') return [descending ? desc(id) : asc(id)];
  const dir = descending ? sql`desc nulls last` : sql`asc nulls last`;
  const out: SQL[] = [sql`${col} ${dir}`];
  if (field === 'priority') out.push(sql`${columns.published} desc nulls last`);
  out.push(descending ? sql`${id} desc nulls last` : asc(id));
  return out;
}
