// temporary: EXPLAIN a case list page as the prepared statement runs it (custom plans, then generic)
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '@cvdp/server-kit';
import { caseCountInPage, type CaseListFilter } from '../../services/coordination/src/cases/store.ts';
import { listCasePage } from '../../services/coordination/src/cases/list-page.ts';
import { preparedCaller } from '../../services/coordination/src/policy/index.ts';
import { awaitingMyStatus } from '../../services/coordination/src/vendor-status/store.ts';
import { holdingEmbargoEnd } from '../../services/coordination/src/embargo/case-list.ts';
const url = process.argv[2];
const who = process.argv[3] ?? 'vendor@bench.test';
const f0 = JSON.parse(process.argv[4] ?? '{}');
const client = new pg.Client(url); await client.connect();
await client.query('set max_parallel_workers_per_gather = 0');
const { rows: [u] } = await client.query(`select id, (select array_agg(group_id) from group_members where user_id = users.id) as g from users where email = $1`, [who]);
const h = (await openPostgres(url)) as any;
const db = h.db;
const shape = { staff: who.startsWith('coordinator'), groups: (u.g ?? []).length > 0 };
const caller = preparedCaller(shape);
const f: CaseListFilter = { ...f0, status: f0.status ? sql.placeholder('status') : undefined };
const q = listCasePage(db, caller, f, sql.placeholder('limit'), sql.placeholder('offset'), { awaitingMyStatus, embargoEnds: holdingEmbargoEnd }, caseCountInPage(db, caller, f, sql.placeholder('countLimit'))).toSQL();
const values = { userId: u.id, groupIds: u.g ?? [], status: f0.status, limit: 20, offset: 0, countLimit: 1001 } as Record<string, unknown>;
const params = q.params.map((p: any) => (p && typeof p === 'object' && 'name' in p ? values[p.name] : p));
await client.query({ text: 'prepare s as ' + q.sql });
const lit = (p: unknown) => Array.isArray(p) ? `'{${p.join(',')}}'` : typeof p === 'string' ? `'${p}'` : String(p);
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  const ex = await client.query(`explain (analyze, buffers off) execute s(${params.map(lit).join(', ')})`);
  const lines = ex.rows.map((r: any) => r['QUERY PLAN']);
  console.log(i, (performance.now() - t0).toFixed(1), 'ms', lines.slice(-2).join(' | '));
  if (i === 0 || i === 6) console.log(lines.join('\n'));
}
process.exit(0);
