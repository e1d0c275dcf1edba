import { openPostgres } from '@cvdp/server-kit';
import { listCasePage } from '../services/coordination/src/cases/list-page.ts';
import { awaitingMyStatus } from '../services/coordination/src/vendor-status/store.ts';
import { holdingEmbargoEnd } from '../services/coordination/src/embargo/index.ts';
const db = (await openPostgres('postgres://postgres@127.0.0.1:5432/cvdp_bench_scale_keep_10000')) as any;
const caller = { userId: 1, staff: true, groupIds: [] };
const cols = { awaitingMyStatus, embargoEnds: holdingEmbargoEnd };
for (const round of [0, 1]) {
  const t0 = performance.now();
  for (let i = 0; i < 2000; i++) listCasePage(db.db ?? db, caller, { owned: true, status: [0, 1] }, 20, 0, cols).toSQL();
  console.log('build+toSQL ms each', ((performance.now() - t0) / 2000).toFixed(3));
}
process.exit(0);
