// COPY … FROM STDIN (PostgreSQL only, pg-copy-streams) of rows keyed by a drizzle table's property names, in
// COPY's text format: the ingest's bulk writes of new records and of values, changes and activity. COPY loads
// rows in batched heap inserts, which INSERT … SELECT cannot (bench/README.md, "Scoring ingest").
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { from as copyFrom } from 'pg-copy-streams';
import type { PgClient } from '@cvdp/server-kit';

/** COPY text format: backslash, newline, carriage return and tab are escaped; everything else is as is. */
export function copyText(s: string): string {
  return /[\\\n\r\t]/.test(s)
    ? s.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))
    : s;
}

/** A text[] literal: every element quoted, with its backslashes and double quotes escaped. */
export function pgTextArray(list: readonly string[]): string {
  return `{${list.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * One field in COPY's text format; null/undefined is \N. A jsonb column takes its value serialised (a string is
 * a JSON string), except a `raw` value, which is already JSON text.
 */
export function copyField(column: PgColumn, value: unknown, raw = false): string {
  if (value === null || value === undefined) return '\\N';
  const type = column.getSQLType();
  let text: string;
  if (type === 'jsonb' || type === 'json')
    text = raw && typeof value === 'string' ? value : JSON.stringify(value);
  else if (Array.isArray(value)) text = pgTextArray(value as string[]);
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = value.toString();
  else text = JSON.stringify(value);
  return copyText(text);
}

/** About this many characters per chunk written to the COPY stream. */
const CHUNK = 64 * 1024;

/**
 * Writes the rows with one COPY into the table, on the client of the current transaction. Columns: every key
 * of any row (a key missing from every row takes its column default; a key missing from one row is NULL).
 * `rawJsonKey`: a property whose value is already JSON text (the record as parsed). A failure (a unique
 * violation, bad data) rejects, and the transaction is then aborted like after any failed statement.
 */
export async function copyRows(
  client: PgClient,
  table: PgTable,
  rows: Record<string, unknown>[],
  rawJsonKey?: string,
): Promise<void> {
  if (!rows.length) return;
  const columns = table as unknown as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const statement = `copy ${quote(getTableName(table))} (${keys.map((k) => quote(columns[k].name)).join(', ')}) from stdin`;
  function* lines() {
    let chunk = '';
    for (const r of rows) {
      chunk += keys.map((k) => copyField(columns[k], r[k], k === rawJsonKey)).join('\t') + '\n';
      if (chunk.length >= CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines(), { objectMode: false }), client.query(copyFrom(statement)));
}
