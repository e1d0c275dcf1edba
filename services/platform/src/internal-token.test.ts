// The platform's own service token (internal-token.ts): with nothing configured, a fresh platform can make
// coordination cases from the scoring screens; the token is stored hashed only, the service account cannot
// sign in, one internal token is live at a time, and the operator's settings win.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@cvdp/coordination/testing';
import { cases, coordinationService } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { type Config, apiTokens, sha256, users } from '@cvdp/server-kit';
import { CASE_SERVICE_NOT_CONFIGURED } from '@cvdp/core/scoring/work';
import {
  PLATFORM_SERVICE_EMAIL,
  PLATFORM_TOKEN_NAME,
  ensureInternalCoordinationToken,
} from './internal-token.ts';

let t: TestApp;
const CVE = 'CVE-2025-0101';

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
    },
  });
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, title, description, vendors, products, cwes, kev, record, content_hash)
    values (${CVE}, 'PUBLISHED', '5.1', 'Heap overflow in Acme Router', 'A heap overflow in the web UI.',
            ARRAY['Acme'], ARRAY['Router'], ARRAY['CWE-122'], false, '{}'::jsonb, 'x')`);
}, 120_000);
afterAll(() => t?.close());

const liveInternal = () =>
  t.db.execute(
    sql`select key_hash from api_tokens where name = ${PLATFORM_TOKEN_NAME} and revoked_at is null`,
  );
const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as { key_hash: string }[];

describe('the platform’s internal coordination token', () => {
  it('leaves the operator’s token and a remote base 1 alone', async () => {
    expect(
      await ensureInternalCoordinationToken(t.db, { ...t.config, coordinationToken: 'cvdp_given' }),
    ).toEqual({ status: 'configured' });
    expect(
      await ensureInternalCoordinationToken(t.db, { ...t.config, coordinationUrl: 'http://base1.example' }),
    ).toEqual({ status: 'remote' });
    expect(await t.db.select().from(users).where(eq(users.email, PLATFORM_SERVICE_EMAIL))).toHaveLength(0);
  });

  it('lets a scorer create a case on a fresh platform, as the service account', async () => {
    const scorer = await t.signIn({ roles: ['scorer'] });
    expect((await scorer.post(`/scoring/api/vuls/${CVE}/`)).json().detail).toBe(CASE_SERVICE_NOT_CONFIGURED);

    const result = await ensureInternalCoordinationToken(t.db, t.config);
    expect(result.status).toBe('ready');
    const key = t.config.coordinationToken!;
    // Stored hashed like any API token: the key is in no column.
    const [token] = await t.db.select().from(apiTokens).where(eq(apiTokens.name, PLATFORM_TOKEN_NAME));
    expect(token.keyHash).toBe(sha256(key));
    expect(JSON.stringify(token)).not.toContain(key);

    const res = await scorer.post(`/scoring/api/vuls/${CVE}/`);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().case;
    expect(made.url).toBe(`/cvdp/cases/${made.id}`);
    const [row] = await t.db.select().from(cases).where(eq(cases.id, made.id));
    const [account] = await t.db.select().from(users).where(eq(users.email, PLATFORM_SERVICE_EMAIL));
    expect(row.createdBy).toBe(account.id);
    expect(account.roles).toEqual(['coordinator']);
    expect(res.body).not.toContain(key);

    // The service account has no password anyone could sign in with.
    const stranger = t.anonymous();
    const login = await stranger.post('/api/auth/login/', { email: PLATFORM_SERVICE_EMAIL, password: '!' });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('keeps one live internal token: derived from CVDP_SECRET_KEY it survives restarts, random it is replaced', async () => {
    const withSecret: Config = { ...t.config, coordinationToken: undefined, secretKey: 'a'.repeat(40) };
    await ensureInternalCoordinationToken(t.db, withSecret);
    const first = withSecret.coordinationToken!;
    const restarted: Config = { ...t.config, coordinationToken: undefined, secretKey: 'a'.repeat(40) };
    await ensureInternalCoordinationToken(t.db, restarted);
    expect(restarted.coordinationToken).toBe(first);
    expect(rowsOf(await liveInternal()).map((r) => r.key_hash)).toEqual([sha256(first)]);

    const random: Config = { ...t.config, coordinationToken: undefined, secretKey: undefined };
    await ensureInternalCoordinationToken(t.db, random);
    expect(random.coordinationToken).not.toBe(first);
    expect(rowsOf(await liveInternal()).map((r) => r.key_hash)).toEqual([sha256(random.coordinationToken!)]);
    // The replaced key no longer opens base 1.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/cve/published/',
      headers: { authorization: `Token ${first}` },
    });
    expect(old.statusCode).toBe(401);
  });

  it('stays off once an administrator deactivates the service account', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.email, PLATFORM_SERVICE_EMAIL));
    const config: Config = { ...t.config, coordinationToken: undefined };
    expect(await ensureInternalCoordinationToken(t.db, config)).toEqual({ status: 'disabled' });
    expect(config.coordinationToken).toBeUndefined();
  });
});
