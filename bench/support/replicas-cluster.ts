// The deployment `npm run bench:replicas` builds (issue 30 item 3): a fresh PostgreSQL database, an
// S3-protocol store (s3rver) with a bucket, an SMTP stand-in, two coordination replicas and one scoring
// replica as separate processes (the entry points `npm run start:coordination` / `start:scoring` run), and
// HAProxy in front — round robin over the coordination replicas, `/scoring/` to the scoring one. A request
// with `X-CVDP-Replica: a|b` is pinned to that replica (the checks use it to say where a step ran); every
// answer names its server in `X-CVDP-Served-By`. Everything it starts is ended by `stop()`, also after a
// failure: processes killed by their own pid, the database dropped, temporary folders removed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { START_NODE_FLAGS } from '@cvdp/server-kit';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { type SmtpSink, startSmtpSink } from '../../services/coordination/testing/smtp-test-sink.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'replicas-admin@example.test', password: 'replicas admin password 1' };
const SECRET = 'replicas bench secret key 0123456789abcdef';
const BUCKET = 'cvdp-replicas';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where HAProxy is, or null (the caller says how to install it). */
export function findHaproxy(): string | null {
  for (const candidate of [process.env.HAPROXY, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Replica {
  name: 'a' | 'b' | 'scoring';
  port: number;
  url: string;
  log: string;
  child: ChildProcess | null;
  /** Set when started; how long until /healthz answered. */
  startMs: number;
}

export class Cluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'cvdp-replicas-'));
  serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  dbName = `cvdp_replicas_${process.pid}`;
  dbUrl = '';
  proxyUrl = '';
  private proxyPort = 0;
  replicas: Record<'a' | 'b' | 'scoring', Replica> = {} as never;
  smtp!: SmtpSink;
  private s3: S3rver | null = null;
  private s3Url = '';
  private proxy: ChildProcess | null = null;
  private dbCreated = false;
  pool!: pg.Pool;

  constructor(private readonly haproxy: string) {}

  async start() {
    // The database.
    const admin = new pg.Client({ connectionString: this.serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${this.dbName} with (force)`);
    await admin.query(`create database ${this.dbName}`);
    await admin.end();
    this.dbCreated = true;
    const url = new URL(this.serverUrl);
    url.pathname = `/${this.dbName}`;
    this.dbUrl = url.toString();
    this.pool = new pg.Pool({ connectionString: this.dbUrl, max: 3 });
    this.pool.on('error', () => {});

    // The S3-protocol store and its bucket; the SMTP stand-in.
    this.s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(path.join(this.dir, 's3-')),
    });
    const { port: s3Port } = await this.s3.run();
    this.s3Url = `http://127.0.0.1:${s3Port}`;
    const s3 = new S3Client({
      endpoint: this.s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    s3.destroy();
    this.smtp = await startSmtpSink();

    this.proxyPort = await freePort();
    this.proxyUrl = `http://127.0.0.1:${this.proxyPort}/`;
    for (const name of ['a', 'b', 'scoring'] as const) {
      const port = await freePort();
      this.replicas[name] = {
        name,
        port,
        url: `http://127.0.0.1:${port}/`,
        log: path.join(this.dir, `${name}.log`),
        child: null,
        startMs: 0,
      };
    }
    // Both coordination replicas start at once on the empty database, as an orchestrator would start them:
    // migrations and the first administrator must come out once.
    await Promise.all([this.startReplica('a'), this.startReplica('b')]);
    await this.startReplica('scoring');
    await this.startProxy();
  }

  private env(replica: Replica): NodeJS.ProcessEnv {
    return {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(replica.port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.dbUrl,
      CVDP_DATA_DIR: path.join(this.dir, `data-${replica.name}`),
      CVDP_SECRET_KEY: SECRET,
      CVDP_S3_URL: this.s3Url,
      CVDP_S3_BUCKET: BUCKET,
      CVDP_S3_ACCESS_KEY_ID: 'S3RVER',
      CVDP_S3_SECRET_ACCESS_KEY: 'S3RVER',
      CVDP_SMTP_URL: this.smtp.url,
      CVDP_ADMIN_EMAIL: ADMIN.email,
      CVDP_ADMIN_PASSWORD: ADMIN.password,
      CVDP_TRUST_PROXY: '1',
      CVDP_PUBLIC_URL: this.proxyUrl || undefined,
      // The scheduled work acts on a clock the bench moves ahead on every replica alike (POST /api/test/clock/).
      CVDP_TEST_CLOCK: 'on',
      CVDP_OUTBOUND_ALLOW: '127.0.0.1',
      CVDP_AUTH_RATE_LIMIT: '100000',
      CVDP_SUBMIT_RATE_LIMIT: '100000',
      CVDP_EMAIL_POLL_SECONDS: '1',
      CVDP_DIGEST_POLL_SECONDS: '1',
      CVDP_TRANSFER_POLL_SECONDS: '1',
      CVDP_TRANSFER_RETRY_SECONDS: '1',
      CVDP_SCORING_SYNC_SECONDS: '0',
      LOG_LEVEL: 'warn',
    };
  }

  async startReplica(name: 'a' | 'b' | 'scoring') {
    const replica = this.replicas[name];
    const main = name === 'scoring' ? 'services/scoring/src/main.ts' : 'services/coordination/src/main.ts';
    const started = Date.now();
    const out = createWriteStream(replica.log, { flags: 'a' });
    const child = spawn(process.execPath, [...START_NODE_FLAGS, '--import', 'tsx', main], {
      cwd: ROOT,
      env: this.env(replica),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    replica.child = child;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`replica ${name} exited at start (${child.exitCode}); its log:\n${this.tail(name)}`);
      try {
        if ((await fetch(new URL('healthz', replica.url))).ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(200);
    }
    replica.startMs = Date.now() - started;
  }

  /** The last lines a replica logged. */
  tail(name: 'a' | 'b' | 'scoring', lines = 30) {
    try {
      return readFileSync(this.replicas[name].log, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** `kill -9`: no shutdown hook runs, connections drop mid-request. */
  async kill9(name: 'a' | 'b' | 'scoring') {
    const child = this.replicas[name].child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  private async startProxy() {
    const port = this.proxyPort;
    const { a, b, scoring } = this.replicas;
    // Health checks every 500 ms, down after 2 failures: a killed replica refuses the connection at once, so
    // it is out of the rotation within about a second. A check may take 10 s before it counts as failed: on a
    // loaded machine a live replica's /healthz can take seconds, and a tighter timeout (the default is the
    // check interval) took the surviving replica out too — every request then a 503 from the proxy.
    // `retry-on conn-failure` with redispatch sends a request that could not even connect to the other
    // replica; a request that reached the killed one is never replayed (it may have written).
    const config = `global
  maxconn 4000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout check 10s
  retries 3
  retry-on conn-failure
  option redispatch 1
frontend web
  bind 127.0.0.1:${port}
  acl pin_a req.hdr(x-cvdp-replica) -m str a
  acl pin_b req.hdr(x-cvdp-replica) -m str b
  acl scoring path_beg /scoring/
  use_backend scoring if scoring
  use_backend only_a if pin_a
  use_backend only_b if pin_b
  default_backend coordination
backend coordination
  balance roundrobin
  option httpchk GET /healthz
  http-response set-header X-CVDP-Served-By %[srv_name]
  server a 127.0.0.1:${a.port} check inter 500ms fall 2 rise 2
  server b 127.0.0.1:${b.port} check inter 500ms fall 2 rise 2
backend only_a
  http-response set-header X-CVDP-Served-By %[srv_name]
  server a 127.0.0.1:${a.port}
backend only_b
  http-response set-header X-CVDP-Served-By %[srv_name]
  server b 127.0.0.1:${b.port}
backend scoring
  http-request replace-path /scoring(/.*) \\1
  http-response set-header X-CVDP-Served-By %[srv_name]
  server scoring 127.0.0.1:${scoring.port} check inter 1s
`;
    const file = path.join(this.dir, 'haproxy.cfg');
    writeFileSync(file, config);
    execFileSync(this.haproxy, ['-c', '-q', '-f', file]);
    const out = createWriteStream(path.join(this.dir, 'haproxy.log'));
    this.proxy = spawn(this.haproxy, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proxy.stdout!.pipe(out);
    this.proxy.stderr!.pipe(out);
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(new URL('healthz', this.proxyUrl))).ok) break;
      } catch {
        if (i > 100) throw new Error('HAProxy did not answer');
      }
      await sleep(100);
    }
  }

  async stop() {
    const kills: Promise<void>[] = [];
    for (const child of [this.proxy, ...Object.values(this.replicas).map((r) => r.child)]) {
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      kills.push(new Promise<void>((resolve) => child.once('exit', () => resolve())));
      child.kill('SIGKILL');
    }
    await Promise.all(kills);
    await this.pool?.end().catch(() => {});
    await this.smtp?.close().catch(() => {});
    await this.s3?.close().catch(() => {});
    if (this.dbCreated) {
      const admin = new pg.Client({ connectionString: this.serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${this.dbName} with (force)`);
      await admin.end();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** One value from the database. */
  async count(query: string, params: unknown[] = []): Promise<number> {
    const { rows } = await this.pool.query(query, params);
    return Number(Object.values(rows[0] ?? { n: 0 })[0]);
  }
}
