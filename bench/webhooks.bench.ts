// Webhooks (issue 29 item 4) on PostgreSQL: what the activity trigger adds to every change, and how fast the
// worker empties its queue — with two workers racing, each delivery sent exactly once.
//
//   npm run bench:webhooks [-- --changes=2000 --endpoints=3]
//
// 1. One transaction per change writing one activity row (what every domain does), four ways: a verb no
//    event maps to, a mapped event nobody subscribed to, and `endpoints` active subscribers (one delivery
//    each) — changes/s and the median per change.
// 2. The deliveries of (3) sent by two WebhookWorker instances on one database to a receiver on loopback
//    answering 200 at once: deliveries/s, and a check that the receiver saw every delivery id once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import {
  ManualClock,
  OutboundHttp,
  encryptSecret,
  openPostgres,
  recordActivity,
  type Db,
} from '@cvdp/server-kit';
import { WebhookWorker } from '../services/coordination/src/webhooks/worker.ts';
import { webhookEndpoints } from '../services/coordination/src/webhooks/tables.ts';
import { createBenchDatabase, numberOption } from './support/harness.ts';

const CHANGES = numberOption('changes', 2000);
const ENDPOINTS = numberOption('endpoints', 3);
const SECRET_KEY = 'bench webhooks secret key';

async function changes(db: Db, label: string, verb: string) {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < CHANGES; i++) {
    const t0 = performance.now();
    await db.transaction((tx) =>
      recordActivity(tx, { actorId: null, caseId: null, verb, objectType: 'post', objectId: i }),
    );
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${(CHANGES / (total / 1000)).toFixed(0).padStart(6)} changes/s   median ${times[times.length >> 1].toFixed(2)} ms`,
  );
}

const bench = await createBenchDatabase('bench_webhooks');
const database = await openPostgres(bench.url);
const seen = new Map<string, number>();
const receiver = createServer((req, res) => {
  const id = String(req.headers['x-cvdp-delivery']);
  seen.set(id, (seen.get(id) ?? 0) + 1);
  req.resume().on('end', () => res.writeHead(200).end('ok'));
});
try {
  const { db } = database;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  console.log(`${CHANGES} changes, one transaction each; ${ENDPOINTS} endpoints\n`);

  await changes(db, '1. unmapped verb (no trigger body)', 'edited post');
  await changes(db, '2. post.created, no endpoint', 'posted');
  await db.insert(webhookEndpoints).values(
    Array.from({ length: ENDPOINTS }, (_, i) => ({
      url: `${url}?n=${i}`,
      events: ['post.created'],
      secretEncrypted: encryptSecret(`whsec_bench_${i}`, SECRET_KEY),
      secretHint: 'whsec_…',
    })),
  );
  await changes(db, '3. post.created, subscribed endpoints', 'posted');
  await changes(db, '4. unmapped verb, endpoints present', 'edited post');

  const outbound = new OutboundHttp({ allow: ['127.0.0.1'] });
  const workers = [0, 1].map(
    () =>
      new WebhookWorker({
        db,
        outbound,
        clock: new ManualClock(),
        secretKey: SECRET_KEY,
        publicUrl: 'https://cvdp.example',
        batchSize: 20,
      }),
  );
  const queued = Number(
    ((await db.execute(sql`select count(*)::int as n from webhook_deliveries`)) as { rows: { n: number }[] })
      .rows[0].n,
  );
  const started = performance.now();
  await Promise.all(
    workers.map(async (w) => {
      while ((await w.runOnce()) > 0);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await outbound.close();
  const twice = [...seen.values()].filter((n) => n > 1).length;
  console.log(
    `\n${queued} deliveries by 2 workers: ${(queued / seconds).toFixed(0)} deliveries/s (${seconds.toFixed(1)} s); ` +
      `received ${seen.size} distinct, ${twice} more than once`,
  );
  if (seen.size !== queued || twice > 0) process.exitCode = 1;
} finally {
  receiver.close();
  await database.close();
  await bench.close();
}
