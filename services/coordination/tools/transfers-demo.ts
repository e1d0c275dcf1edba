// `npm run transfers:demo` (issue 14): two real CVDP processes (the coordination service, each with its own
// PGlite data folder — or its own PostgreSQL database when TEST_DATABASE_URL is set) on loopback ports,
// connected both ways through manage/connections/. A case with 3 threads, 50 posts with replies, 2
// vulnerabilities with CVSS and SSVC, an advisory revision and 3 files (one 9 MB) is transferred; the sender
// is killed (SIGKILL) mid-transfer and started again on the same data; its worker takes the transfer up once
// the lease lapses and finishes it. Both sides are then compared through their APIs: nothing lost, nothing
// duplicated, files sha256-identical. Prints what it measured; exits non-zero on any difference.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { START_NODE_FLAGS } from '@cvdp/server-kit';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'services/coordination/src/main.ts');
const ADMIN = { email: 'demo-admin@example.test', password: 'demo admin password 1' };
const SECRET = 'transfers demo secret key 0123456789';
const A_TO_B = `demo-token-a-to-b-${randomBytes(12).toString('hex')}`;
const B_TO_A = `demo-token-b-to-a-${randomBytes(12).toString('hex')}`;
const BIG = randomBytes(9 * 1024 * 1024);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (...args: unknown[]) => console.log(...args);

interface Instance {
  name: string;
  port: number;
  url: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess | null;
}

async function databaseUrl(name: string): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const db = `cvdp_transfers_demo_${name}_${process.pid}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`drop database if exists ${db}`);
  await client.query(`create database ${db}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${db}`;
  return url.toString();
}

async function makeInstance(name: string, port: number): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cvdp-transfers-demo-${name}-`));
  const dbUrl = await databaseUrl(name);
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}/`,
    child: null,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CVDP_DATA_DIR: dataDir,
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      CVDP_ADMIN_EMAIL: ADMIN.email,
      CVDP_ADMIN_PASSWORD: ADMIN.password,
      CVDP_SECRET_KEY: SECRET,
      // The two instances call each other on loopback, which outbound calls reach only when allowed.
      CVDP_OUTBOUND_ALLOW: '127.0.0.1',
      CVDP_AUTH_RATE_LIMIT: '10000',
      CVDP_SUBMIT_RATE_LIMIT: '10000',
      CVDP_TRANSFER_POLL_SECONDS: '1',
      CVDP_TRANSFER_RETRY_SECONDS: '1',
      CVDP_TRANSFER_LEASE_SECONDS: '3',
      LOG_LEVEL: 'warn',
    },
  };
}

async function start(instance: Instance) {
  const started = Date.now();
  instance.child = spawn(process.execPath, [...START_NODE_FLAGS, '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: instance.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited with ${instance.child.exitCode}`);
    try {
      const res = await fetch(new URL('healthz', instance.url));
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  log(`${instance.name}: listening at ${instance.url} (started in ${Date.now() - started} ms)`);
}

function kill(instance: Instance) {
  const child = instance.child!;
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A signed-in session: cookies and the CSRF token, like a browser. */
class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-CSRFToken': this.cookies.get('csrftoken') ?? '',
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(url.replace(/^\//, ''), this.base), { method, headers, body: payload });
    this.remember(res);
    return res;
  }

  async json<T>(method: string, url: string, body?: unknown, expected?: number): Promise<T> {
    const res = await this.request(method, url, body);
    const text = await res.text();
    if (expected ? res.status !== expected : res.status >= 300)
      throw new Error(`${method} ${url} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  get = <T>(url: string) => this.json<T>('GET', url);
  post = <T>(url: string, body: unknown) => this.json<T>('POST', url, body);

  async bytes(url: string): Promise<Buffer> {
    const res = await this.request('GET', url);
    if (!res.ok) throw new Error(`GET ${url} → ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  static async signIn(base: string) {
    const s = new Session(base);
    await s.request('GET', '/healthz');
    await s.json('POST', '/api/auth/login/', ADMIN);
    await s.request('GET', '/healthz');
    return s;
  }

  async all<T>(url: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const body = await this.get<{ results: T[]; next: string | null }>(
        `${url}${url.includes('?') ? '&' : '?'}page=${page}&page_size=50`,
      );
      out.push(...body.results);
      if (!body.next) return out;
    }
  }
}

function reportForm() {
  const report = [
    { question: 'Title', answer: 'SQL injection in Acme Shop' },
    { question: 'Product', answer: 'Acme Shop 2.3' },
    { question: 'Have you notified the vendor?', answer: 'No' },
    { question: 'Vendor contact', answer: 'psirt@acme.example' },
    { question: 'Do you have plans to disclose this vulnerability?', answer: 'No' },
    {
      question: 'Describe the vulnerabilities',
      answer: [
        [
          { question: 'Description', answer: 'The search box builds SQL from its input.' },
          { question: 'Do you want to provide a CVSS score?', answer: 'No' },
          { question: 'Has this vulnerability been publicly disclosed?', answer: 'No' },
        ],
      ],
    },
  ];
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  form.append('poc', new Blob(['print("pwned")\n'], { type: 'text/x-python' }), 'exploit.py');
  return form;
}

type Transfer = {
  id: number;
  state: string;
  remote_case: number | null;
  attempts: number;
  last_error: string | null;
  steps: { step: string; state: string; items_done: number; items_total: number | null }[];
};

async function main() {
  const a = await makeInstance('sender', Number(process.env.DEMO_SENDER_PORT ?? 8931));
  const b = await makeInstance('receiver', Number(process.env.DEMO_RECEIVER_PORT ?? 8932));
  try {
    await Promise.all([start(a), start(b)]);
    let sa = await Session.signIn(a.url);
    const sb = await Session.signIn(b.url);

    const toB = await sa.post<{ id: number }>('/manage/connections/', {
      name: 'Receiver',
      base_url: b.url,
      token: A_TO_B,
      incoming_token: B_TO_A,
    });
    await sb.post('/manage/connections/', {
      name: 'Sender',
      base_url: a.url,
      token: B_TO_A,
      incoming_token: A_TO_B,
    });
    log('connected both ways through manage/connections/');

    // The case.
    const { id: caseId } = await sa.post<{ id: number }>('/api/report/', reportForm());
    let n = 0;
    for (const [i, subject] of ['Triage', 'Vendor contact', 'Disclosure plan'].entries()) {
      const { id: threadId } = await sa.post<{ id: number }>(`/api/case/${caseId}/threads/`, {
        subject,
        official: i === 2,
      });
      let lastTop = 0;
      for (let k = 0; k < (i === 2 ? 16 : 17); k++) {
        const reply = k % 3 === 0 ? undefined : lastTop;
        const post = await sa.post<{ id: number }>(`/api/case/thread/${threadId}/posts/`, {
          content: `Post ${++n} in ${subject}${reply ? ' (a reply)' : ''}`,
          ...(reply ? { reply_to: reply } : {}),
        });
        if (!reply) lastTop = post.id;
      }
    }
    const vulIds: number[] = [];
    for (const [i, title] of ['SQL injection in search', 'Stored XSS in reviews'].entries()) {
      const v = await sa.post<{ id: number }>(`/api/case/${caseId}/vuls/`, {
        title,
        description: `${title}: an attacker sends a crafted request.`,
        cwes: [i === 0 ? 'CWE-89' : 'CWE-79'],
      });
      vulIds.push(v.id);
      await sa.post(`/api/case/vul/${v.id}/cvss/`, {
        vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      });
      await sa.post(`/api/case/vul/${v.id}/cvss/`, {
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      });
      await sa.post(`/api/case/vul/${v.id}/ssvc/`, {
        table: 'cisa-coordinator',
        values: { E: 'A', A: 'Y', TI: 'T', MWI: 'H' },
      });
    }
    await sa.post(`/api/case/${caseId}/advisory/`, {
      title: 'Acme Shop: SQL injection',
      summary: 'Update to 2.4.1.',
      content: '## Details\n\nThe search box passes input to SQL.',
      vulnerabilities: [vulIds[0]],
    });
    for (const [name, bytes] of [
      ['notes.txt', Buffer.from('Steps to reproduce.\n')],
      ['capture.bin', BIG],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      await sa.post(`/api/case/${caseId}/artifacts/`, form);
    }
    log(
      `case ${caseId} seeded: 3 threads, ${n} posts, 2 vulnerabilities (CVSS 4.0 + 3.1, SSVC), an advisory, 3 files (one 9 MB)`,
    );

    // Transfer, and kill the sender in the middle of it.
    const started = Date.now();
    const { id: transferId } = await sa.post<Transfer>('/api/case/transfers/', {
      case: caseId,
      connection: toB.id,
    });
    const current = async () =>
      (await sa.get<{ results: Transfer[] }>(`/api/case/${caseId}/transfers/`)).results.find(
        (t) => t.id === transferId,
      )!;
    let seen = await current();
    while (!seen.steps.some((s) => s.step === 'threads' && s.items_done >= 1) && seen.state !== 'done') {
      await sleep(20);
      seen = await current();
    }
    const at = seen.steps
      .map((s) => `${s.step} ${s.state} ${s.items_done}/${s.items_total ?? '?'}`)
      .join(', ');
    await kill(a);
    log(`sender killed (SIGKILL) ${Date.now() - started} ms into the transfer, at: ${at}`);
    await start(a);
    const restarted = Date.now();
    sa = await Session.signIn(a.url);
    let t = await current();
    while (t.state !== 'done' && t.state !== 'failed') {
      await sleep(200);
      t = await current();
    }
    log(
      `transfer ${t.state} ${Date.now() - restarted} ms after the sender listened again (a ${a.env.CVDP_TRANSFER_LEASE_SECONDS} s lease to lapse first), ` +
        `${Date.now() - started} ms in all with the restart, ` +
        `${t.attempts} attempts; remote case ${t.remote_case}`,
    );
    if (t.state !== 'done') throw new Error(`transfer failed: ${t.last_error}`);

    // Compare both sides through their APIs.
    const remote = t.remote_case!;
    const problems: string[] = [];
    const same = (what: string, x: unknown, y: unknown) => {
      if (JSON.stringify(x) !== JSON.stringify(y))
        problems.push(`${what}: ${JSON.stringify(x)} ≠ ${JSON.stringify(y)}`);
    };
    const ca = await sa.get<{ title: string; summary: string; report: { report: unknown } }>(
      `/api/cases/${caseId}/`,
    );
    const cb = await sb.get<{ title: string; summary: string; report: { report: unknown } }>(
      `/api/cases/${remote}/`,
    );
    same('title', ca.title, cb.title);
    same('report', ca.report.report, cb.report.report);
    type Th = { id: number; subject: string; official: boolean };
    type P = { id: number; content: string; created: string; reply_to: number | null };
    const ta = await sa.all<Th>(`/api/case/${caseId}/threads/`);
    const tb = await sb.all<Th>(`/api/case/${remote}/threads/`);
    same(
      'threads',
      ta.map((x) => `${x.subject}|${x.official}`).sort(),
      tb.map((x) => `${x.subject}|${x.official}`).sort(),
    );
    let postsB = 0;
    for (const x of ta) {
      const y = tb.find((z) => z.subject === x.subject);
      if (!y) continue;
      const pa = await sa.all<P>(`/api/case/thread/${x.id}/posts/`);
      const pb = await sb.all<P>(`/api/case/thread/${y.id}/posts/`);
      postsB += pb.length;
      const shape = (ps: P[]) =>
        ps
          .map(
            (p) =>
              `${p.content}|${p.created}|${p.reply_to ? ps.find((q) => q.id === p.reply_to)?.content : ''}`,
          )
          .sort();
      same(`posts of ${x.subject}`, shape(pa), shape(pb));
    }
    type V = {
      title: string;
      description: string;
      cwes: string[];
      cvss_scores: { vector: string; score: number }[];
      ssvc: { outcome?: string } | null;
    };
    const vul = (v: V) => ({
      title: v.title,
      description: v.description,
      cwes: v.cwes,
      cvss: v.cvss_scores.map((s) => `${s.vector} ${s.score}`).sort(),
      ssvc: v.ssvc?.outcome ?? null,
    });
    same(
      'vulnerabilities',
      (await sa.all<V>(`/api/case/${caseId}/vuls/`)).map(vul),
      (await sb.all<V>(`/api/case/${remote}/vuls/`)).map(vul),
    );
    type R = { title: string; summary: string; content: string };
    const ra = await sa.all<R>(`/api/case/${caseId}/advisory/`);
    const rb = await sb.all<R>(`/api/case/${remote}/advisory/`);
    same('advisory revisions', rb.length, 1);
    same(
      'advisory',
      [ra[0].title, ra[0].summary, ra[0].content],
      [rb[0]?.title, rb[0]?.summary, rb[0]?.content],
    );
    type F = { uuid: string; file_name: string; size: number };
    const fa = await sa.all<F>(`/api/case/${caseId}/artifacts/`);
    const fb = (await sb.all<F>(`/api/case/${remote}/artifacts/`)).filter((f) => f.file_name !== 'vex.json');
    same('files', fa.map((f) => f.file_name).sort(), fb.map((f) => f.file_name).sort());
    for (const f of fa) {
      const g = fb.find((x) => x.file_name === f.file_name);
      if (!g) continue;
      same(
        `sha256 of ${f.file_name}`,
        sha(await sa.bytes(`/api/case/artifact/${f.uuid}/download/`)),
        sha(await sb.bytes(`/api/case/artifact/${g.uuid}/download/`)),
      );
    }
    log(
      `receiver: ${tb.length} threads, ${postsB} posts, ${fb.length} files (sha256-identical), ${rb.length} advisory revision`,
    );
    if (problems.length) {
      console.error(`DIFFERENCES:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    } else log('both sides agree field by field: nothing lost, nothing duplicated');
  } finally {
    for (const i of [a, b]) if (i.child && i.child.exitCode === null) await kill(i);
    for (const i of [a, b]) rmSync(i.env.CVDP_DATA_DIR!, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
