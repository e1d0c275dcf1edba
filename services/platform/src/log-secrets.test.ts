// Issue 15: no secret ever reaches a log. A whole session runs against the platform (both services) with
// logging captured at level info; then everything logged is searched for the secrets used along the way.
import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { eq } from 'drizzle-orm';
import {
  LocalFileStorage,
  hashPassword,
  loadConfig,
  loggerOptions,
  serverKitPlugin,
  users,
} from '@cvdp/server-kit';
import { coordinationService } from '@cvdp/coordination';
import { createTestDb, TestClient } from '@cvdp/coordination/testing';
import { scoringService } from '@cvdp/scoring';
import type { FastifyInstance } from 'fastify';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});

let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDb();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'cvdp-log-files-'));
  app = Fastify({ logger: loggerOptions('info', { stream }) });
  await app.register(serverKitPlugin, {
    db: database.db,
    config: { ...loadConfig({}), authRateLimitPerMinute: 100_000 },
    storage: new LocalFileStorage(filesDir),
  });
  await app.register(coordinationService);
  await app.register(scoringService, { prefix: '/scoring' });
  // A route whose insert fails (a duplicate address) and reaches the error log with an argon2id hash among
  // its parameters: the routes themselves turn known conflicts into 400s, so this stands for any that slips.
  app.post('/test/failing-insert/', async (request) => {
    const { email, password } = request.body as { email: string; password: string };
    await app.db
      .insert(users)
      .values({ email, name: 'Duplicate', passwordHash: await hashPassword(password), roles: ['reporter'] });
    return { ok: true };
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    await rm(filesDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

async function multipart(report: unknown, poc: { name: string; content: string }) {
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  form.append('poc', new Blob([poc.content], { type: 'text/plain' }), poc.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

describe('logs', () => {
  it('never carry passwords, password hashes, session ids, CSRF tokens, API keys or query parameters', async () => {
    const secrets: string[] = [];
    const password = 'log-secret passphrase 0042';
    const otherPassword = 'another log-secret phrase 77';
    secrets.push(password, otherPassword);

    // Sign-up, then an administrator approves the account so that it can sign in.
    const visitor = new TestClient(app);
    const email = 'log-secrets@example.test';
    const reg = await visitor.post('/api/auth/register/', { email, name: 'Log Secrets', password });
    expect(reg.statusCode).toBe(201);
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.db.update(users).set({ pending: false }).where(eq(users.email, email));

    // Concurrent registrations of one address race past the "already exists" check; the losing insert
    // (carrying an argon2id hash) hits the unique index. Then an insert failure that reaches the error log.
    const racers = Array.from({ length: 4 }, () => new TestClient(app));
    const raced = await Promise.all(
      racers.map((c) =>
        c.post('/api/auth/register/', { email: 'race@example.test', name: 'Race', password: otherPassword }),
      ),
    );
    expect(raced.some((r) => r.statusCode === 201)).toBe(true);
    const failed = await visitor.post('/test/failing-insert/', { email, password: otherPassword });
    expect(failed.statusCode).toBe(500);
    const errorLines = lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);
    expect(errorLines.length).toBeGreaterThan(0);

    // Sign-in: a bad one, then a good one.
    const client = new TestClient(app);
    expect((await client.post('/api/auth/login/', { email, password: 'wrong ' + password })).statusCode).toBe(
      400,
    );
    expect((await client.post('/api/auth/login/', { email, password })).statusCode).toBe(200);
    secrets.push(client.cookies.get('cvdp_session')!, client.cookies.get('csrftoken')!);
    secrets.push(visitor.cookies.get('csrftoken')!);

    // An upload.
    const { payload, headers } = await multipart(sampleReportQuestions(), {
      name: 'poc.txt',
      content: 'proof of concept\n',
    });
    expect((await client.request('POST', '/api/report/', { payload, headers })).statusCode).toBe(201);

    // An API token: created, then used for a read and for a write.
    const created = await client.post('/api/user/tokens/', { name: 'ci' });
    expect(created.statusCode).toBe(201);
    const key = created.json().key as string;
    secrets.push(key);
    const auth = { authorization: `Token ${key}` };
    expect((await app.inject({ method: 'GET', url: '/api/user/', headers: auth })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/user/tokens/', headers: auth, payload: { name: 'x' } });

    // A password change (both passwords in the body).
    await client.post('/api/user/password/', { current_password: password, new_password: otherPassword });
    await client.post('/api/auth/logout/');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(log).toContain('"url":"/api/report/"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain('$argon2');
    expect(log).toContain('params: [redacted]');
    expect(log).not.toMatch(/params: (?!\[redacted\])|"params"|"parameters"/);
    expect(log).not.toMatch(/cvdp_session=/);
  });
});
