// `npm run bench:replicas` (issue 30 item 3): scale-out proven on a real deployment — two coordination replicas
// and one scoring replica behind HAProxy, one PostgreSQL database, the S3-protocol store, an SMTP stand-in
// (bench/support/replicas-cluster.ts). Through the proxy it checks that
//   1. a session made on one replica works on the other (and on the scoring replica), writes included;
//   2. a post written through one replica reaches a live thread stream (SSE) held by the other;
//   3. the email outbox, the transfer worker, the scheduled publication, the embargo reminders and the
//      conversation digests each act exactly once with both replicas' workers running (rows and the mail
//      that reached the SMTP stand-in counted);
//   4. under 50 clients of mixed reads and writes for 30 s (`--seconds=`, `--clients=`), `kill -9` of one
//      replica loses no acknowledged write, duplicates none, and the clients see errors only around the kill.
// A script, not part of the test suite: it needs HAProxy (`apt-get install -y haproxy`) and PostgreSQL
// (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres). Exits non-zero when a check fails;
// everything it started is ended and its database dropped in any case.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { ADMIN, Cluster, findHaproxy } from './support/replicas-cluster.ts';
import { Session, reportForm, waitForEvent } from './support/replicas-session.ts';

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
};
const SECONDS = option('seconds', 30);
const CLIENTS = option('clients', 50);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...args: unknown[]) => console.log(...args);

const failures: string[] = [];
function check(ok: boolean, what: string) {
  log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** Polls until `done()` holds or the time is up; returns whether it held. */
async function until(done: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await done()) return true;
    await sleep(200);
  }
  return done();
}

async function main() {
  const haproxy = findHaproxy();
  if (!haproxy) {
    console.error(
      'HAProxy is not installed. On Debian: apt-get install -y haproxy (or set HAPROXY to its path).',
    );
    process.exit(2);
  }
  const cluster = new Cluster(haproxy);
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  // An error thrown outside the awaited flow (an 'error' event nobody listens to) would skip `finally`
  // and leave HAProxy, the replicas and the database behind.
  process.once('uncaughtException', (error) => {
    console.error(error);
    void cluster.stop().finally(() => process.exit(1));
  });
  try {
    log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (2 cores, shared)`,
    );
    const started = Date.now();
    await cluster.start();
    const { a, b, scoring } = cluster.replicas;
    log(
      `deployment up in ${Date.now() - started} ms: coordination a :${a.port} (${a.startMs} ms), b :${b.port} ` +
        `(${b.startMs} ms, both started at once on the empty database), scoring :${scoring.port} ` +
        `(${scoring.startMs} ms), HAProxy ${cluster.proxyUrl}, database ${cluster.dbName}`,
    );
    const proxy = cluster.proxyUrl;

    log('\n1. sessions across replicas');
    check(
      (await cluster.count(`select count(*) from users where lower(email) = lower($1)`, [ADMIN.email])) === 1,
      'both replicas started at once: migrated once, one administrator',
    );
    const admin = await Session.signIn(proxy, ADMIN, 'a');
    check(admin.lastServedBy === 'a', `signed in on replica a (served by ${admin.lastServedBy})`);
    const me = await admin.get<{ email: string }>('/api/user/', 'b');
    check(
      admin.lastServedBy === 'b' && me.email === ADMIN.email,
      `the session works on replica b (GET /api/user/ → ${me.email})`,
    );
    const { id: caseId } = await admin.post<{ id: number }>(
      '/api/report/',
      reportForm('Replica bench case'),
      'b',
    );
    check(
      admin.lastServedBy === 'b',
      `a write with its CSRF token on replica b: case ${caseId} (files on S3)`,
    );
    const queue = await admin.request('GET', '/scoring/api/vuls/');
    check(
      queue.status === 200 && admin.lastServedBy === 'scoring',
      `the same session on the scoring replica (GET /scoring/api/vuls/ → ${queue.status})`,
    );
    await queue.arrayBuffer();
    const { id: threadId } = await admin.post<{ id: number }>(
      `/api/case/${caseId}/threads/`,
      { subject: 'Coordination', official: false },
      'a',
    );
    const served = new Map<string, number>();
    for (let i = 0; i < 10; i++) {
      const res = await admin.request('GET', `/api/cases/${caseId}/`);
      await res.arrayBuffer();
      served.set(admin.lastServedBy, (served.get(admin.lastServedBy) ?? 0) + 1);
    }
    check(
      (served.get('a') ?? 0) === 5 && (served.get('b') ?? 0) === 5,
      `round robin: 10 unpinned reads served by a ${served.get('a') ?? 0}, b ${served.get('b') ?? 0}`,
    );

    log('\n2. a live thread stream crosses replicas');
    const controller = new AbortController();
    const stream = await admin.request(
      'GET',
      `/api/case/thread/${threadId}/events/`,
      undefined,
      'b',
      controller.signal,
    );
    check(stream.ok && admin.lastServedBy === 'b', `stream open on replica b (${stream.status})`);
    const ready = waitForEvent(stream.body!, (event) => event === 'ready', 10_000);
    await ready;
    const sent = Date.now();
    // Nobody else writes in this thread: the first insert event is ours (its id checked after).
    const seen = waitForEvent(
      stream.body!,
      (event, data) => event === 'post' && (data as { thread: number }).thread === threadId,
      10_000,
    );
    const post = await admin.post<{ id: number }>(
      `/api/case/thread/${threadId}/posts/`,
      { content: 'Written through replica a' },
      'a',
    );
    const wroteOn = admin.lastServedBy;
    try {
      await seen;
      check(
        wroteOn === 'a',
        `post ${post.id} written on ${wroteOn} arrived on b's stream ${Date.now() - sent} ms after it was sent`,
      );
    } catch (error) {
      check(false, `post written on a never arrived on b's stream: ${(error as Error).message}`);
    }
    controller.abort();

    log('\n3. workers run once with two replicas');
    await workersOnce(cluster, admin, caseId, threadId);

    log(`\n4. kill -9 under ${CLIENTS} clients for ${SECONDS} s`);
    await killUnderLoad(cluster, admin, caseId);
  } catch (error) {
    failures.push(`the bench stopped: ${(error as Error).stack ?? String(error)}`);
    console.error(error);
    for (const name of ['a', 'b', 'scoring'] as const)
      if (cluster.replicas[name]) console.error(`--- ${name} log tail:\n${cluster.tail(name)}`);
  } finally {
    await cluster.stop();
  }
  log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (failures.length) {
    console.error(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  } else log('\nevery check passed');
}

/** Moves the clock scheduled work acts on ahead on both coordination replicas alike. */
async function advanceClocks(admin: Session, seconds: number) {
  for (const pin of ['a', 'b'] as const)
    await admin.post('/api/test/clock/', { advance_seconds: seconds }, pin);
}

async function workersOnce(cluster: Cluster, admin: Session, caseId: number, threadId: number) {
  const password = 'replica participant password 1';
  // Ten people register through the proxy (round robin) and are approved and added to the case: the email
  // outbox gets participant and conversation mail to send.
  const people = Array.from({ length: 10 }, (_, i) => ({
    email: `person${i}@replicas.example`,
    name: `Person ${i}`,
    password,
  }));
  for (const p of people) await admin.post('/api/auth/register/', p);
  const pending = await admin.get<{ results: { id: number; email: string }[] }>(
    '/manage/users/pending/?page_size=50',
  );
  for (const u of pending.results)
    await admin.json('PATCH', `/manage/users/pending/${u.id}/`, { pending: false });
  await admin.post(`/api/case/${caseId}/participants/`, {
    names: people.map((p) => p.email),
    role: 'vendor',
  });
  // Person 0 takes conversation mail as an hourly digest.
  const digestReader = await Session.signIn(cluster.proxyUrl, people[0], 'b');
  await digestReader.json('PUT', '/api/case/notifications/preferences/', { conversation_email: 'hourly' });
  for (let i = 0; i < 4; i++)
    await admin.post(`/api/case/thread/${threadId}/posts/`, { content: `Conversation post ${i}` });

  // The embargo: an end three days out makes the 7-day reminder due at once; the decision's NOTIFY wakes
  // both replicas' reminder workers together.
  const end = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const proposed = await admin.post<{ open_proposal: { id: number } }>(
    `/api/case/${caseId}/embargo/proposals/`,
    { end, reason: 'Vendor needs time' },
    'a',
  );
  await admin.json(
    'PATCH',
    `/api/case/embargo/proposals/${proposed.open_proposal.id}/`,
    { answer: 'accept' },
    'b',
  );

  // A scheduled publication, due in ten minutes.
  await admin.post(`/api/case/${caseId}/advisory/`, { title: 'Replica advisory', content: 'Details.' });
  await admin.json('PATCH', `/api/case/${caseId}/advisory/latest/`, {
    date_shared: new Date().toISOString().slice(0, 10),
  });
  await admin.post(`/api/case/${caseId}/advisory/publication/`, {
    when: 'at',
    at: new Date(Date.now() + 600_000).toISOString(),
  });

  // A transfer of the case to "another instance" — this one, reached back through the proxy: the sending
  // worker runs on both replicas, and the receiving calls land on either.
  const token = `replicas-token-${randomUUID()}`;
  const connection = await admin.post<{ id: number }>('/manage/connections/', {
    name: 'Through the proxy',
    base_url: cluster.proxyUrl,
    token,
    incoming_token: token,
  });
  const transfer = await admin.post<{ id: number }>('/api/case/transfers/', {
    case: caseId,
    connection: connection.id,
  });

  // One hour on: the hour of the posts has ended (its digest is due — the worker looks at the last ended
  // period only) and so has the publication's time (the publication worker wakes on the move).
  await advanceClocks(admin, 3600);

  const t7 = await until(
    async () =>
      (await cluster.count(`select count(*) from embargo_reminders where kind = 't7'`)) > 0 &&
      (await cluster.count(`select count(*) from advisory_publications where state <> 'scheduled'`)) > 0 &&
      (await cluster.count(`select count(*) from notification_digests where entries > 0`)) > 0,
    30_000,
  );
  check(t7, 'the reminder, the publication and the digest came due and were acted on');
  const transferDone = await until(
    async () =>
      (await cluster.count(`select count(*) from transfers where id = $1 and state in ('done','failed')`, [
        transfer.id,
      ])) > 0,
    60_000,
  );
  // Let every worker of both replicas poll a few more times: a second run would show now.
  await sleep(4000);
  const outboxSettled = await until(
    async () => (await cluster.count(`select count(*) from email_outbox where status = 'pending'`)) === 0,
    30_000,
  );
  await sleep(2000);

  check(
    (await cluster.count(`select count(*) from embargo_reminders where kind = 't7'`)) === 1,
    'embargo reminder (7 days): one row',
  );
  const reminderMail = await cluster.count(`select count(*) from email_outbox where kind = 'embargo_ending'`);
  const reminderPeople = await cluster.count(
    `select count(distinct to_address) from email_outbox where kind = 'embargo_ending'`,
  );
  check(
    reminderMail > 0 && reminderMail === reminderPeople,
    `embargo reminder: ${reminderMail} emails to ${reminderPeople} people (one each)`,
  );
  const outcomes = await cluster.pool.query<{ verb: string; n: string }>(
    `select verb, count(*) n from activity where case_id = $1
      and verb in ('published', 'scheduled publication blocked') group by verb`,
    [caseId],
  );
  const outcomeText = outcomes.rows.map((r) => `${r.verb} ×${r.n}`).join(', ');
  check(
    outcomes.rows.length === 1 && Number(outcomes.rows[0].n) === 1,
    `scheduled publication acted on once (${outcomeText || 'nothing'})`,
  );
  const digests = await cluster.count(`select count(*) from notification_digests where entries > 0`);
  const digestMail = await cluster.count(
    `select count(*) from email_outbox where kind like '%digest%' and to_address = $1`,
    [people[0].email],
  );
  check(digests === 1 && digestMail === 1, `hourly digest: ${digests} row, ${digestMail} email to person 0`);
  if (digests !== 1 || digestMail !== 1) {
    const d = await cluster.pool.query(
      `select d.user_id, u.email, d.mode, d.period_start, d.period_end, d.entries::text entries
         from notification_digests d join users u on u.id = d.user_id order by d.id`,
    );
    log(`    digests: ${JSON.stringify(d.rows)}`);
    const k = await cluster.pool.query(`select kind, count(*) from email_outbox group by kind`);
    log(`    outbox kinds: ${JSON.stringify(k.rows)}`);
  }

  const t = await cluster.pool.query<{ state: string; attempts: number; remote_case_id: number | null }>(
    `select state, attempts, remote_case_id from transfers where id = $1`,
    [transfer.id],
  );
  const received = await cluster.count(`select count(*) from received_transfers`);
  const copies = await cluster.count(`select count(*) from cases where title = 'Replica bench case'`);
  check(
    transferDone && t.rows[0]?.state === 'done' && received === 1 && copies === 2,
    `transfer ${t.rows[0]?.state ?? '?'} after ${t.rows[0]?.attempts ?? '?'} attempt(s): ` +
      `${received} received, ${copies} cases of that title (the original and one copy)`,
  );
  if (t.rows[0]?.state !== 'done') {
    const { rows } = await cluster.pool.query(`select last_error from transfers where id = $1`, [
      transfer.id,
    ]);
    log(`    transfer error: ${JSON.stringify(rows[0])}`);
  }

  // The outbox: every row sent once, and the SMTP stand-in holds exactly one copy of each.
  const rows = await cluster.pool.query<{ to_address: string; subject: string; status: string }>(
    `select to_address, subject, status from email_outbox`,
  );
  const key = (to: string, subject: string) => `${to.toLowerCase()}|${subject}`;
  const expected = new Map<string, number>();
  for (const r of rows.rows)
    expected.set(key(r.to_address, r.subject), (expected.get(key(r.to_address, r.subject)) ?? 0) + 1);
  const got = new Map<string, number>();
  for (const m of cluster.smtp.inbox) {
    const to = Array.isArray(m.to) ? m.to[0] : m.to;
    const k = key(to?.value[0]?.address ?? '', m.subject ?? '');
    got.set(k, (got.get(k) ?? 0) + 1);
  }
  const extra = [...got].filter(([k, n]) => n > (expected.get(k) ?? 0));
  const missing = [...expected].filter(([k, n]) => (got.get(k) ?? 0) < n);
  check(
    outboxSettled && rows.rows.every((r) => r.status === 'sent'),
    `email outbox: ${rows.rows.length} queued, all sent`,
  );
  check(
    extra.length === 0 && missing.length === 0,
    `SMTP stand-in received ${cluster.smtp.inbox.length} messages for ${rows.rows.length} outbox rows ` +
      `(duplicates: ${extra.length}, missing: ${missing.length})`,
  );
}

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  write: boolean;
  by: string;
  status: number;
  error?: string;
}

async function killUnderLoad(cluster: Cluster, admin: Session, caseId: number) {
  // Ten sessions (signed in through the proxy, so made on either replica), five clients each; a thread each.
  const sessions = await Promise.all(
    Array.from({ length: 10 }, () => Session.signIn(cluster.proxyUrl, ADMIN)),
  );
  const threads: number[] = [];
  for (let i = 0; i < 10; i++)
    threads.push(
      (
        await admin.post<{ id: number }>(`/api/case/${caseId}/threads/`, {
          subject: `Load ${i}`,
          official: false,
        })
      ).id,
    );
  const acked = new Map<string, number>();
  const samples: Sample[] = [];
  const t0 = Date.now();
  const endAt = t0 + SECONDS * 1000;
  const killAt = t0 + Math.round((SECONDS * 1000) / 3);
  let killedAt = 0;
  let restartedAt = 0;

  const client = async (n: number) => {
    const s = sessions[n % sessions.length];
    const thread = threads[n % threads.length];
    for (let i = 0; Date.now() < endAt; i++) {
      const write = (n + i) % 5 < 2; // 40 % writes
      const content = `load c${n} #${i} ${randomUUID()}`;
      const at = Date.now();
      let ok = false;
      let status = 0;
      let by = '';
      let error: string | undefined;
      try {
        const res = write
          ? await s.request('POST', `/api/case/thread/${thread}/posts/`, { content })
          : await s.request(
              'GET',
              i % 2 ? `/api/case/thread/${thread}/posts/?page_size=20` : '/api/cases/?page_size=20',
            );
        status = res.status;
        by = res.headers.get('x-cvdp-served-by') ?? '';
        const body = await res.text();
        ok = res.status < 300;
        if (ok && write) acked.set(content, (JSON.parse(body) as { id: number }).id);
      } catch (e) {
        // The connection dropped (the proxy lost the replica mid-request).
        const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
        error = cause?.code ?? cause?.message ?? (e as Error).message;
      }
      samples.push({ at: at - t0, ms: Date.now() - at, ok, write, by, status, error });
      if (!ok) await sleep(50);
    }
  };

  const killer = (async () => {
    await sleep(killAt - Date.now());
    killedAt = Date.now() - t0;
    await cluster.kill9('a');
    log(`  replica a killed (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s; restarting it`);
    await cluster.startReplica('a');
    restartedAt = Date.now() - t0;
    log(`  replica a listening again at ${(restartedAt / 1000).toFixed(1)} s`);
  })();
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  // The load window (the restart of a may go on past it, and is waited for below).
  const wall = (Date.now() - t0) / 1000;
  await killer;

  const errors = samples.filter((s) => !s.ok);
  const lat = samples.map((s) => s.ms).sort((x, y) => x - y);
  const pct = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? 0;
  const byReplica = (from: number, to: number) => {
    const c = { a: 0, b: 0 };
    for (const s of samples) if (s.at >= from && s.at < to && (s.by === 'a' || s.by === 'b')) c[s.by]++;
    return `a ${c.a}, b ${c.b}`;
  };
  log(
    `  ${samples.length} requests in ${wall.toFixed(1)} s (${(samples.length / wall).toFixed(0)} req/s), ` +
      `${samples.filter((s) => s.write).length} writes, p50 ${pct(50)} ms, p99 ${pct(99)} ms`,
  );
  log(
    `  served before the kill: ${byReplica(0, killedAt)}; after: ${byReplica(killedAt, restartedAt)}; ` +
      `after a restarted: ${byReplica(restartedAt, Infinity)}`,
  );
  const firstErr = errors.length ? Math.min(...errors.map((e) => e.at)) : 0;
  const lastErr = errors.length ? Math.max(...errors.map((e) => e.at + e.ms)) : 0;
  const statuses = new Map<string, number>();
  for (const e of errors) {
    // Who answered: a replica (its name) or the proxy itself (no server was available).
    const k = e.status ? `${e.status} from ${e.by || 'the proxy'}` : 'connection dropped';
    statuses.set(k, (statuses.get(k) ?? 0) + 1);
  }
  log(
    `  errors: ${errors.length} (${((100 * errors.length) / samples.length).toFixed(2)} %)` +
      (errors.length
        ? `, requests started ${(firstErr / 1000).toFixed(2)}–${(lastErr / 1000).toFixed(2)} s ` +
          `(${[...statuses].map(([k, v]) => `${k} ×${v}`).join(', ')})`
        : ''),
  );
  // "Only during the failover": every failed request was in flight at the kill or started before the proxy
  // had taken a out of the rotation (health checks every 500 ms, two failures: allow 3 s).
  if (errors.length)
    log(
      `  failover: the last failed request ended ${lastErr - killedAt} ms after the kill; ` +
        `${errors.filter((e) => e.write).length} of the failures were writes`,
    );
  const outside = errors.filter((e) => e.at + e.ms < killedAt || e.at > killedAt + 3000);
  check(
    outside.length === 0,
    `no error outside the failover window [kill, kill + 3 s] (${outside.length} outside)`,
  );
  for (const e of outside.slice(0, 5))
    log(
      `    outside: ${e.write ? 'write' : 'read'} started ${e.at} ms, took ${e.ms} ms, ` +
        `${e.status || e.error} ${e.by}`,
    );

  // Every acknowledged write is there, once; nothing written twice.
  const { rows } = await cluster.pool.query<{ id: number; content: string }>(
    `select id, content from posts where content like 'load c%'`,
  );
  const stored = new Map<string, number[]>();
  for (const r of rows) stored.set(r.content, [...(stored.get(r.content) ?? []), r.id]);
  const lost = [...acked].filter(([content, id]) => !stored.get(content)?.includes(id));
  const duplicated = [...stored].filter(([, ids]) => ids.length > 1);
  check(lost.length === 0, `acknowledged writes: ${acked.size}, all stored (${lost.length} lost)`);
  check(duplicated.length === 0, `no write stored twice (${duplicated.length} duplicated)`);
  log(`  stored but never acknowledged (in flight at the kill): ${rows.length - acked.size + lost.length}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
