// Which prepared statements a piece of work ran, by name: the check that a route reads through its prepared
// statement rather than planning its SQL anew. Named statements exist on PostgreSQL only — PGlite's driver
// prepares none, so there the list holds no names.
import type { Db } from '@cvdp/server-kit';
import { vi } from 'vitest';

export async function statementNamesDuring(db: Db, work: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(client, 'query');
  try {
    await work();
    return query.mock.calls.flatMap(([config]) => (config as { name?: string }).name ?? []);
  } finally {
    query.mockRestore();
  }
}
