// npm run bench:uploads [-- --files=10 --mb=10 --rounds=3 --store=local|s3 --node-flags="…"]
//
// Ten 10 MB files uploaded at once (POST /api/case/{id}/artifacts/, multipart, field `file`) to the real app
// (buildPlatform, the code `npm start` runs) in a child process, signed in as a participant of a case. The
// child's resident memory (VmRSS from /proc) is sampled every 5 ms; the figure is its peak during the
// uploads minus the idle RSS measured just before (after one small warm-up upload), per round. Goal: the
// growth stays under 50 MB — files stream to the store, they are never held whole in memory.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the script creates its
// own database (cvdp_bench_uploads_<pid>) and drops it at the end. Files go to a temporary folder, or with
// --store=s3 to an s3rver started here (the child then uses CVDP_S3_URL like a deployment would).
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword, openPostgres, users } from '@cvdp/server-kit';
import { startS3TestServer, type S3TestServer } from '@cvdp/server-kit/testing/s3-test-server';
import { caseParticipants, cases } from '@cvdp/coordination';
import {
  createBenchDatabase,
  numberOption,
  serveIfChild,
  signIn,
  startFlags,
  startServer,
  stopServer,
  textOption,
} from './support/harness.ts';

const BENCH_EMAIL = 'uploads-bench@example.test';
const BENCH_PASSWORD = 'bench password for uploads';
const MB = 1024 * 1024;

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new Error('no VmRSS');
  return Number(kb[1]) * 1024;
}

/** Samples the process's RSS every few ms until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid));
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return Math.max(peak, await rssOf(pid));
  };
}

async function uploadOne(
  origin: string,
  headers: Record<string, string>,
  caseId: number,
  content: Buffer,
  name: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'application/octet-stream' }), name);
  const response = await fetch(`${origin}/api/case/${caseId}/artifacts/`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await response.json()) as { sha256?: string; size?: number; detail?: string };
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${body.detail}`);
  return body;
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);

async function main() {
  const files = numberOption('files', 10);
  const sizeMb = numberOption('mb', 10);
  const rounds = numberOption('rounds', 3);
  const store = textOption('store', 'local');
  if (store !== 'local' && store !== 's3') throw new Error('--store must be local or s3');
  const database = await createBenchDatabase('cvdp_bench_uploads');
  const { url, serverUrl } = database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cvdp-bench-uploads-'));
  let s3: S3TestServer | undefined;
  let server: ChildProcess | undefined;
  try {
    const setup = await openPostgres(url, { max: 2 });
    const [user] = await setup.db
      .insert(users)
      .values({
        email: BENCH_EMAIL,
        name: 'Bench',
        passwordHash: await hashPassword(BENCH_PASSWORD),
        roles: ['reporter'],
        pending: false,
      })
      .returning();
    const [c] = await setup.db
      .insert(cases)
      .values({ title: 'Uploads bench', createdBy: user.id })
      .returning();
    await setup.db.insert(caseParticipants).values({ caseId: c.id, userId: user.id, role: 'vendor' });
    await setup.close();

    const env: Record<string, string> = { DATABASE_URL: url, CVDP_DATA_DIR: dataDir };
    if (store === 's3') {
      s3 = await startS3TestServer();
      Object.assign(env, {
        CVDP_S3_URL: s3.options.endpoint,
        CVDP_S3_BUCKET: s3.options.bucket,
        CVDP_S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
        CVDP_S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
      });
    }
    const flags = await startFlags();
    const started = await startServer(import.meta.filename, { env, nodeFlags: flags });
    server = started.child;
    const { origin } = started;
    const pid = server.pid!;
    const headers = await signIn(origin, BENCH_EMAIL, BENCH_PASSWORD);

    const contents = Array.from({ length: files }, (_, i) => Buffer.alloc(sizeMb * MB, (i * 37) % 256));
    const hashes = contents.map((b) => createHash('sha256').update(b).digest('hex'));
    // Warm-up: the upload path's code loaded and compiled once, so the baseline is the app's idle state.
    await uploadOne(origin, headers, c.id, Buffer.alloc(MB, 1), 'warm-up.bin');
    await new Promise((r) => setTimeout(r, 500));

    console.log(
      `Upload memory benchmark: ${files} files of ${sizeMb} MB at once, ${rounds} rounds, store: ${store}, ` +
        `PostgreSQL at ${new URL(serverUrl).host}, Node ${process.version}, server flags: ` +
        `${flags.join(' ') || '(none)'}.`,
    );
    const rows = [];
    for (let round = 1; round <= rounds; round++) {
      const idle = await rssOf(pid);
      const stop = sampleRss(pid);
      const t0 = performance.now();
      const answers = await Promise.all(
        contents.map((content, i) => uploadOne(origin, headers, c.id, content, `round${round}-file${i}.bin`)),
      );
      const seconds = (performance.now() - t0) / 1000;
      const peak = await stop();
      answers.forEach((a, i) => {
        if (a.sha256 !== hashes[i] || a.size !== sizeMb * MB) throw new Error(`file ${i} came back wrong`);
      });
      rows.push({
        round,
        'idle RSS MB (baseline)': mb(idle),
        'peak RSS MB': mb(peak),
        'growth MB': mb(peak - idle),
        seconds: seconds.toFixed(2),
        'MB/s in': ((files * sizeMb) / seconds).toFixed(0),
      });
      await new Promise((r) => setTimeout(r, 500));
    }
    console.table(rows);
    const worst = Math.max(...rows.map((r) => Number(r['growth MB'])));
    console.log(
      `Largest RSS growth: ${worst.toFixed(1)} MB (goal: under 50 MB) — ${worst < 50 ? 'met' : 'NOT met'}.`,
    );
  } finally {
    await stopServer(server);
    if (s3) await s3.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (!(await serveIfChild())) await main();
