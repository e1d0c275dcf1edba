// CVE accounts and reservations through the real HTTP stack, against a local CVE Services: scorers and
// admins only; the API key encrypted at rest, never answered, audited or logged; reservations stored only
// when CVE Services reserved them, failures shown with the service's reason; an id given to a vulnerability.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  activity,
  ensureSecretKey,
  loadConfig,
  loggerOptions,
  serverKitPlugin,
  LocalFileStorage,
} from '@cvdp/server-kit';
import { createTestApp, createTestDb, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { coordinationService } from '../app.ts';
import { cases } from '../cases/tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { cveAccounts, cveReservations } from './tables.ts';
import { startLocalCveServices, type LocalCveServices } from '../../tools/local-cve-services/index.ts';
import { MISSING_SECRET_KEY } from './cve-failure.ts';

const SECRET = 'test-secret-key-for-cve-accounts';
const API_KEY = 'sk-very-secret-cve-api-key-0123456789';
const ORG = { shortName: 'testcna', roles: ['CNA', 'ADP'], quota: 4, users: { 'a@x.test': API_KEY } };

let t: TestApp;
let local: LocalCveServices;
let scorer: TestClient;
let admin: TestClient;
let coordinator: TestClient;
let reporter: TestClient;

const accountBody = (over: Record<string, unknown> = {}) => ({
  org_short_name: 'testcna',
  username: 'a@x.test',
  api_key: API_KEY,
  environment: 'custom',
  base_url: local.url,
  ...over,
});

beforeAll(async () => {
  local = await startLocalCveServices({ orgs: [ORG] });
  t = await createTestApp({ config: { secretKey: SECRET } });
  scorer = await t.signIn({ roles: ['scorer'] });
  admin = await t.signIn({ roles: ['admin'] });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn({ roles: ['reporter'] });
});
afterAll(async () => {
  await t.close();
  await local.close();
});

describe('CVE accounts', () => {
  it('are for scorers and admins only', async () => {
    for (const c of [coordinator, reporter]) {
      expect((await c.get('/manage/cve/account/')).statusCode).toBe(403);
      expect((await c.post('/manage/cve/account/', accountBody())).statusCode).toBe(403);
      expect((await c.request('OPTIONS', '/manage/cve/account/')).statusCode).toBe(403);
      expect((await c.get('/manage/cve/reserve/')).statusCode).toBe(403);
    }
    expect((await t.anonymous().get('/manage/cve/account/')).statusCode).toBe(401);
  });

  it('describe the form with OPTIONS: fields and environment choices', async () => {
    const res = await scorer.request('OPTIONS', '/manage/cve/account/');
    expect(res.statusCode).toBe(200);
    const post = res.json().actions.POST;
    expect(Object.keys(post)).toEqual([
      'org_short_name',
      'username',
      'api_key',
      'environment',
      'base_url',
      'active',
    ]);
    expect(post.environment.choices.map((c: { value: string }) => c.value)).toEqual([
      'production',
      'test',
      'custom',
    ]);
    expect(post.environment.choices[1].display_name).toContain('https://cveawg-test.mitre.org/api');
  });

  it('store the key encrypted, never answer it, and audit without it', async () => {
    const res = await scorer.post('/manage/cve/account/', accountBody());
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(API_KEY);
    expect(res.json()).toMatchObject({
      org_short_name: 'testcna',
      environment: 'custom',
      api_url: local.url,
      active: true,
    });
    expect(res.json()).not.toHaveProperty('api_key');
    const id = res.json().id;
    const [row] = await t.db.select().from(cveAccounts).where(eq(cveAccounts.id, id));
    expect(row.apiKeyEncrypted).not.toContain(API_KEY);
    expect(Buffer.from(row.apiKeyEncrypted, 'base64').toString('latin1')).not.toContain(API_KEY);

    const patched = await admin.patch(`/manage/cve/account/${id}/`, {
      username: 'a@x.test',
      api_key: API_KEY,
      active: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.body).not.toContain(API_KEY);
    expect((await scorer.get(`/manage/cve/account/${id}/`)).body).not.toContain(API_KEY);
    expect((await scorer.get('/manage/cve/account/')).body).not.toContain(API_KEY);

    const audit = await t.db.select().from(activity).where(eq(activity.objectType, 'cve_account'));
    expect(audit.map((a) => a.verb)).toEqual(expect.arrayContaining(['created', 'updated']));
    expect(JSON.stringify(audit)).not.toContain(API_KEY);
    const updated = audit.find((a) => a.verb === 'updated')!;
    expect(updated.before).toMatchObject({ org_short_name: 'testcna' });
    expect(updated.after).toMatchObject({ api_key_changed: true });
  });

  it('filter with ?active=true, refuse bad bodies with 400 naming the field, 404 for a missing one', async () => {
    const off = await admin.post(
      '/manage/cve/account/',
      accountBody({ active: false, environment: 'test', base_url: null }),
    );
    expect(off.statusCode).toBe(201);
    expect(off.json().api_url).toBe('https://cveawg-test.mitre.org/api');
    const all = (await scorer.get('/manage/cve/account/')).json<{ id: number; active: boolean }[]>();
    const active = (await scorer.get('/manage/cve/account/?active=true')).json<
      { id: number; active: boolean }[]
    >();
    expect(all.some((a) => a.id === off.json().id)).toBe(true);
    expect(active.some((a) => a.id === off.json().id)).toBe(false);
    expect(active.every((a) => a.active)).toBe(true);

    const noUrl = await scorer.post('/manage/cve/account/', accountBody({ base_url: undefined }));
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().errors).toHaveProperty('base_url');
    const noKey = await scorer.post('/manage/cve/account/', accountBody({ api_key: undefined }));
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toHaveProperty('api_key');
    expect((await scorer.get('/manage/cve/account/999999/')).statusCode).toBe(404);
    expect((await scorer.patch('/manage/cve/account/999999/', { active: false })).statusCode).toBe(404);

    expect((await admin.delete(`/manage/cve/account/${off.json().id}/`)).statusCode).toBe(204);
    expect((await admin.get(`/manage/cve/account/${off.json().id}/`)).statusCode).toBe(404);
    const [deleted] = await t.db.select().from(activity).where(eq(activity.verb, 'deleted'));
    expect(deleted.before).toMatchObject({ active: false });
  });
});

describe('CVE reservations', () => {
  let accountId: number;
  beforeAll(async () => {
    accountId = (await scorer.post('/manage/cve/account/', accountBody())).json().id;
  });

  it('refuse amount 0 and 1001 and an unknown account with 400', async () => {
    for (const amount of [0, 1001, 1.5]) {
      const res = await scorer.post('/manage/cve/reserve/', { account: accountId, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('amount');
    }
    const unknown = await scorer.post('/manage/cve/reserve/', { account: 999999, amount: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('account');
  });

  it('reserve through CVE Services and store each id; list by account', async () => {
    const res = await scorer.post('/manage/cve/reserve/', { account: accountId, amount: 2 });
    expect(res.statusCode).toBe(201);
    const ids = res.json().results as { cve_id: string; state: string; account: number }[];
    expect(ids).toHaveLength(2);
    expect(ids.every((i) => i.state === 'RESERVED' && i.account === accountId)).toBe(true);
    expect(ids.map((i) => i.cve_id).sort()).toEqual([...local.ids.keys()].sort());
    expect(res.json().remaining_quota).toBe(2);
    // The account's credentials reached CVE Services as its user.
    expect(local.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/cve-id', user: 'a@x.test' });

    const list = await scorer.get(`/manage/cve/reserve/?account__id=${accountId}`);
    expect(list.json().count).toBe(2);
    // One reservation reads as the list shows it, every field there.
    const listed = list.json().results.find((r: { id: number }) => r.id === res.json().results[0].id);
    const one = await scorer.get(`/manage/cve/reserve/${listed.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed);
    expect(Object.keys(one.json()).sort()).toEqual(
      ['account', 'cve_id', 'cve_year', 'id', 'published', 'reserved', 'reserved_by', 'state', 'vul'].sort(),
    );
    expect(one.json()).toMatchObject({ vul: null, published: null, reserved_by: expect.any(Number) });
    expect((await scorer.get('/manage/cve/reserve/?account__id=999999')).json().count).toBe(0);
  });

  it('show a quota failure with its reason and store nothing', async () => {
    const before = (await t.db.select().from(cveReservations)).length;
    const res = await scorer.post('/manage/cve/reserve/', { account: accountId, amount: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('EXCEEDED_ID_QUOTA');
    expect(res.json().detail).toContain('quota');
    expect((await t.db.select().from(cveReservations)).length).toBe(before);
  });

  it('show refused credentials (401) with the reason, and a rate limit as 429', async () => {
    const wrong = (await admin.post('/manage/cve/account/', accountBody({ api_key: 'wrong-key' }))).json().id;
    const res = await scorer.post('/manage/cve/reserve/', { account: wrong, amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'CVE Services refused the account’s credentials (UNAUTHORIZED: Unauthorized).'.replace('’', "'"),
    );

    const limited = await startLocalCveServices({ orgs: [ORG], rateLimit: { max: 0, windowMs: 60_000 } });
    try {
      const acc = (await admin.post('/manage/cve/account/', accountBody({ base_url: limited.url }))).json()
        .id;
      const r = await scorer.post('/manage/cve/reserve/', { account: acc, amount: 1 });
      expect(r.statusCode).toBe(429);
      expect(r.json().detail).toContain('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
    const down = await admin.post(
      '/manage/cve/account/',
      accountBody({ base_url: 'http://127.0.0.1:9/api' }),
    );
    const r = await scorer.post('/manage/cve/reserve/', { account: down.json().id, amount: 1 });
    expect(r.statusCode).toBe(502);
    expect(r.json().detail).toContain('could not be reached');
  });

  it('a custom address that redirects elsewhere never hands the API key over (issue 27)', async () => {
    // The stand-in of a hijacked or misconfigured address: every call is sent on to another origin.
    const received: IncomingHttpHeaders[] = [];
    const elsewhere = createServer((req, res) => {
      received.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end('{"cve_ids": []}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const redirecting = createServer((req, res) =>
      res.writeHead(307, { location: `${target}${req.url}` }).end(),
    );
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/api`;
      const acc = (await admin.post('/manage/cve/account/', accountBody({ base_url: base }))).json().id;
      const res = await scorer.post('/manage/cve/reserve/', { account: acc, amount: 1 });
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toContain('REDIRECT_REFUSED');
      expect(received).toEqual([]);
    } finally {
      await Promise.all([elsewhere, redirecting].map((s) => new Promise((r) => s.close(r))));
    }
  });

  it('give a reserved id to a vulnerability, setting its CVE in the same change, and take it back', async () => {
    const [c] = await t.db.insert(cases).values({ title: 'CVE case' }).returning();
    const [v1, v2] = await t.db
      .insert(vulnerabilities)
      .values([
        { caseId: c.id, localId: 1, description: 'one' },
        { caseId: c.id, localId: 2, description: 'two' },
      ])
      .returning();
    const [r1] = (await scorer.get(`/manage/cve/reserve/?account__id=${accountId}`)).json().results;
    const res = await scorer.patch(`/manage/cve/reserve/${r1.id}/`, { vul: v1.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().vul).toBe(v1.id);
    const cveOf = async (id: number) =>
      (await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id)))[0].cve;
    expect(await cveOf(v1.id)).toBe(r1.cve_id);

    // Moving it to another vulnerability clears the first one's CVE.
    expect((await scorer.patch(`/manage/cve/reserve/${r1.id}/`, { vul: v2.id })).statusCode).toBe(200);
    expect(await cveOf(v1.id)).toBeNull();
    expect(await cveOf(v2.id)).toBe(r1.cve_id);
    expect((await scorer.patch(`/manage/cve/reserve/${r1.id}/`, { vul: null })).json().vul).toBeNull();
    expect(await cveOf(v2.id)).toBeNull();

    const unknown = await scorer.patch(`/manage/cve/reserve/${r1.id}/`, { vul: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('vul');
    expect((await reporter.patch(`/manage/cve/reserve/${r1.id}/`, { vul: v1.id })).statusCode).toBe(403);
    const audit = await t.db
      .select()
      .from(activity)
      .where(eq(activity.objectType, 'cve_reservation'))
      .orderBy(asc(activity.id));
    expect(audit.map((a) => a.verb)).toEqual(['assigned', 'assigned', 'unassigned']);
    expect(audit[0].caseId).toBe(c.id);
  });
});

describe('CVDP_SECRET_KEY', () => {
  it('is there on the embedded default without setting it: an account is added with the first start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cvdp-default-key-'));
    const config = loadConfig({ CVDP_DATA_DIR: dataDir });
    ensureSecretKey(config);
    const app = await createTestApp({ config: { secretKey: config.secretKey } });
    try {
      const s = await app.signIn({ roles: ['admin'] });
      expect((await s.post('/manage/cve/account/', accountBody())).statusCode).toBe(201);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is required to add an account, and its absence stops the start when accounts exist', async () => {
    const bare = await createTestApp({ config: { secretKey: undefined } });
    try {
      const s = await bare.signIn({ roles: ['admin'] });
      const res = await s.post('/manage/cve/account/', accountBody());
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe(MISSING_SECRET_KEY);
      await bare.db.insert(cveAccounts).values({ orgShortName: 'x', username: 'y', apiKeyEncrypted: 'zz' });
      const again = Fastify({ logger: false });
      await again.register(serverKitPlugin, {
        db: bare.db,
        config: { ...loadConfig({}), logLevel: 'silent' },
        storage: bare.storage,
      });
      await again.register(coordinationService);
      await expect(again.ready()).rejects.toThrow(MISSING_SECRET_KEY);
    } finally {
      await bare.close();
    }
  });
});

describe('logs', () => {
  it('never carry the API key, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDb();
    const config = {
      ...loadConfig({}),
      secretKey: SECRET,
      logLevel: 'trace',
      authRateLimitPerMinute: 100_000,
      // The local CVE Services listens on loopback.
      outboundAllow: ['127.0.0.1'],
    };
    const app = Fastify({ logger: loggerOptions('trace', { stream }) });
    await app.register(serverKitPlugin, {
      db: database.db,
      config,
      storage: new LocalFileStorage(t.filesDir ?? '/tmp'),
    });
    await app.register(coordinationService);
    await app.ready();
    try {
      const { TestClient } = await import('../../testing/test-client.ts');
      const { users, hashPassword } = await import('@cvdp/server-kit');
      await database.db.insert(users).values({
        email: 'log@x.test',
        name: 'L',
        passwordHash: await hashPassword('pw-for-logs-1234'),
        roles: ['admin'],
        pending: false,
      });
      const c = new TestClient(app);
      expect(
        (await c.post('/api/auth/login/', { email: 'log@x.test', password: 'pw-for-logs-1234' })).statusCode,
      ).toBe(200);
      const created = await c.post('/manage/cve/account/', accountBody());
      expect(created.statusCode).toBe(201);
      await c.patch(`/manage/cve/account/${created.json().id}/`, { api_key: API_KEY });
      const wrong = (
        await c.post('/manage/cve/account/', accountBody({ api_key: `${API_KEY}-wrong` }))
      ).json().id;
      expect((await c.post('/manage/cve/reserve/', { account: wrong, amount: 1 })).statusCode).toBe(400);
      expect((await c.post('/manage/cve/account/', accountBody({ org_short_name: 'x' }))).statusCode).toBe(
        400,
      );
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('\n')).toContain('CVE reservation failed');
      expect(lines.join('\n')).not.toContain(API_KEY);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
