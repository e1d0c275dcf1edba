// Issue 15: sessions and CSRF. JSON answers are never cached, sessions have an absolute lifetime, the
// session cookie carries the __Host- prefix behind HTTPS, CSRF tokens are bound to the session, and API
// tokens can all be revoked at once (a password change does it).
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundCsrfToken,
  clearSessionCookie,
  createSession,
  isCsrfTokenBoundTo,
  loadConfig,
  revokeAllApiTokens,
  sessionCookieName,
  setSessionCookie,
} from '@cvdp/server-kit';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';

const SESSION = 'cvdp_session';

describe('Cache-Control on JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is no-store on a JSON answer', async () => {
    const client = await t.signIn();
    const res = await client.get('/api/user/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on error answers too (401, 403, 404, 400)', async () => {
    const anonymous = t.anonymous();
    const answers = [
      await anonymous.get('/api/user/'),
      await anonymous.post('/api/auth/login/', { email: 'x@example.test', password: 'x' }, { csrf: false }),
      await anonymous.get('/api/no-such-call/'),
      await anonymous.post('/api/auth/login/', { email: 'not an address' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([401, 403, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves answers that are not JSON alone', async () => {
    const client = await t.signIn();
    const res = await client.post('/api/auth/logout/');
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('absolute session lifetime (CVDP_SESSION_MAX_AGE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionMaxAgeSeconds: 60, sessionIdleSeconds: 3600 } });
  });
  afterAll(() => t.close());

  it('refuses a session older than the maximum age even though it is active', async () => {
    const client = await t.signIn();
    expect((await client.get('/api/user/')).statusCode).toBe(200);
    // Signed in 61 seconds ago, seen a moment ago: idle-wise alive, but past its lifetime.
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '61 seconds', last_seen_at = now()`,
    );
    const res = await client.get('/api/user/');
    expect(res.statusCode).toBe(401);
  });

  it('keeps a younger session', async () => {
    const client = await t.signIn();
    await t.db.execute(sql`update sessions set created_at = now() - interval '50 seconds'
      where user_id = ${client.user.id}`);
    expect((await client.get('/api/user/')).statusCode).toBe(200);
  });

  it('ends a session after a small maximum age in real time', async () => {
    const short = await createTestApp({ config: { sessionMaxAgeSeconds: 1, sessionIdleSeconds: 3600 } });
    try {
      const client = await short.signIn();
      expect((await client.get('/api/user/')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await client.get('/api/user/')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('reads CVDP_SESSION_MAX_AGE, 12 hours by default', async () => {
    expect(loadConfig({}).sessionMaxAgeSeconds).toBe(43_200);
    expect(loadConfig({ CVDP_SESSION_MAX_AGE: '600' }).sessionMaxAgeSeconds).toBe(600);
    expect(() => loadConfig({ CVDP_SESSION_MAX_AGE: '-1' })).toThrow(/CVDP_SESSION_MAX_AGE/);
  });
});

describe('the session cookie behind HTTPS', () => {
  it('is __Host-cvdp_session: Secure, Path=/, no Domain (helpers)', async () => {
    const app = Fastify();
    await app.register(cookie);
    app.get('/in', (_req, reply) => {
      setSessionCookie(reply, 'the-id', { secureCookies: true });
      return reply.send('');
    });
    app.get('/out', (_req, reply) => {
      clearSessionCookie(reply, { secureCookies: true });
      return reply.send('');
    });
    const set = String((await app.inject({ method: 'GET', url: '/in' })).headers['set-cookie']);
    expect(set).toMatch(/^__Host-cvdp_session=the-id;/);
    expect(set).toMatch(/; Path=\/(;|$)/);
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).not.toMatch(/Domain=/i);
    const cleared = String((await app.inject({ method: 'GET', url: '/out' })).headers['set-cookie']);
    expect(cleared).toMatch(/^__Host-cvdp_session=;/);
    expect(cleared).toMatch(/; Secure/);
    await app.close();
    expect(sessionCookieName({ secureCookies: true })).toBe('__Host-cvdp_session');
    expect(sessionCookieName({ secureCookies: false })).toBe(SESSION);
  });

  describe('on the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { secureCookies: true } });
    });
    afterAll(() => t.close());

    it('is read under the __Host- name only', async () => {
      const user = await t.createUser();
      const id = await createSession(t.db, user.id, 600);
      const withPrefix = await t.app.inject({
        method: 'GET',
        url: '/api/user/',
        headers: { cookie: `__Host-cvdp_session=${id}` },
      });
      expect(withPrefix.statusCode).toBe(200);
      const plain = await t.app.inject({
        method: 'GET',
        url: '/api/user/',
        headers: { cookie: `${SESSION}=${id}` },
      });
      expect(plain.statusCode).toBe(401);
    });

    // Needs services/coordination/src/accounts/routes.ts to set the cookie with setSessionCookie (see the
    // issue 15 report); until then the login answer still sets `cvdp_session`.
    it('is what the login answer sets', async () => {
      const user = await t.createUser();
      const client = t.anonymous();
      const res = await client.post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === '__Host-cvdp_session')!;
      expect(session).toMatchObject({ path: '/', secure: true, httpOnly: true });
      expect(session.domain).toBeUndefined();
      expect(res.cookies.find((c) => c.name === SESSION)).toBeUndefined();
      expect((await client.get('/api/user/')).statusCode).toBe(200);
    });
  });
});

describe('CSRF tokens bound to the session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('plain double submit still works before sign-in (login), and is still required there', async () => {
    const user = await t.createUser();
    const client = t.anonymous();
    const refused = await client.post(
      '/api/auth/login/',
      { email: user.email, password: TEST_PASSWORD },
      { csrf: false },
    );
    expect(refused.statusCode).toBe(403);
    await client.get('/healthz');
    const plain = client.cookies.get('csrftoken')!;
    expect(plain).not.toContain('.');
    const res = await client.post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    // Sign-in hands out a token bound to the new session.
    const token = client.cookies.get('csrftoken')!;
    expect(token).not.toBe(plain);
    expect(isCsrfTokenBoundTo(token, client.cookies.get(SESSION)!)).toBe(true);
  });

  it("accepts the own session's token", async () => {
    const a = await t.signIn();
    expect((await a.post('/api/user/tokens/', { name: 'own' })).statusCode).toBe(201);
  });

  it("refuses another session's token with 403 even when cookie and header match", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const own = a.cookies.get('csrftoken')!;
    a.cookies.set('csrftoken', b.cookies.get('csrftoken')!);
    const res = await a.post('/api/user/tokens/', { name: 'foreign' });
    expect(res.statusCode).toBe(403);
    // The answer hands the right token back (not the one refused), so the page's next write works.
    const reissued = a.cookies.get('csrftoken')!;
    expect(reissued).not.toBe(b.cookies.get('csrftoken'));
    expect(isCsrfTokenBoundTo(reissued, a.cookies.get(SESSION)!)).toBe(true);
    expect(own).not.toBe(reissued);
    expect((await a.post('/api/user/tokens/', { name: 'after' })).statusCode).toBe(201);
  });

  it('refuses an unbound (plain) token once signed in, such as one planted from a sibling subdomain', async () => {
    const a = await t.signIn();
    a.cookies.set('csrftoken', 'planted-by-a-sibling-subdomain-0123456789');
    expect((await a.post('/api/user/tokens/', { name: 'planted' })).statusCode).toBe(403);
    a.cookies.set('csrftoken', 'nonce.not-a-valid-mac');
    expect((await a.post('/api/user/tokens/', { name: 'forged' })).statusCode).toBe(403);
  });

  it("reissues the token on a read that brings another session's, after its own was found bound (remembered)", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const own = a.cookies.get('csrftoken')!;
    // Reads with the own token: found bound once, remembered for the session, never reissued.
    for (let i = 0; i < 3; i++) expect((await a.get('/api/user/')).statusCode).toBe(200);
    expect(a.cookies.get('csrftoken')).toBe(own);
    a.cookies.set('csrftoken', b.cookies.get('csrftoken')!);
    expect((await a.get('/api/user/')).statusCode).toBe(200);
    const reissued = a.cookies.get('csrftoken')!;
    expect(reissued).not.toBe(b.cookies.get('csrftoken'));
    expect(isCsrfTokenBoundTo(reissued, a.cookies.get(SESSION)!)).toBe(true);
    // The other session's own token is still its own: b reads and writes with it.
    expect((await b.get('/api/user/')).statusCode).toBe(200);
    expect((await b.post('/api/user/tokens/', { name: 'b' })).statusCode).toBe(201);
  });

  it('gives a signed-in page without a bound token one on its next read', async () => {
    const a = await t.signIn();
    a.cookies.delete('csrftoken');
    expect((await a.get('/api/user/')).statusCode).toBe(200);
    expect(isCsrfTokenBoundTo(a.cookies.get('csrftoken')!, a.cookies.get(SESSION)!)).toBe(true);
    expect((await a.post('/api/user/tokens/', { name: 'later' })).statusCode).toBe(201);
  });

  it('token-authenticated calls need no CSRF token', async () => {
    const a = await t.signIn();
    const key = (await a.post('/api/user/tokens/', { name: 'ci' })).json().key as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/tokens/',
      headers: { authorization: `Token ${key}` },
      payload: { name: 'from-ci' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('binds with CVDP_SECRET_KEY when set, and only tokens made with it pass', async () => {
    const keyed = await createTestApp({ config: { secretKey: 'a-server-held-key-for-tests' } });
    try {
      const a = await keyed.signIn();
      const session = a.cookies.get(SESSION)!;
      expect(isCsrfTokenBoundTo(a.cookies.get('csrftoken')!, session, 'a-server-held-key-for-tests')).toBe(
        true,
      );
      expect((await a.post('/api/user/tokens/', { name: 'keyed' })).statusCode).toBe(201);
      // A token keyed with the session id alone (what a server without the key would make) is refused.
      a.cookies.set('csrftoken', boundCsrfToken(session));
      expect((await a.post('/api/user/tokens/', { name: 'unkeyed' })).statusCode).toBe(403);
    } finally {
      await keyed.close();
    }
  });
});

describe('revoking every API token of a user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const use = (key: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Token ${key}` } });

  it("revokes the user's live tokens and no one else's", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const keyA1 = (await a.post('/api/user/tokens/', { name: 'one' })).json().key as string;
    const keyA2 = (await a.post('/api/user/tokens/', { name: 'two' })).json().key as string;
    const keyB = (await b.post('/api/user/tokens/', { name: 'b' })).json().key as string;
    expect((await use(keyA1)).statusCode).toBe(200);
    expect(await t.db.transaction((tx) => revokeAllApiTokens(tx, a.user.id))).toBe(2);
    expect((await use(keyA1)).statusCode).toBe(401);
    expect((await use(keyA2)).statusCode).toBe(401);
    expect((await use(keyB)).statusCode).toBe(200);
    expect(await revokeAllApiTokens(t.db, a.user.id)).toBe(0);
  });

  // Needs POST /api/user/password/ (services/coordination/src/accounts/routes.ts) to call
  // revokeAllApiTokens in its transaction (see the issue 15 report).
  it('happens on a password change', async () => {
    const a = await t.signIn();
    const key = (await a.post('/api/user/tokens/', { name: 'old' })).json().key as string;
    const res = await a.post('/api/user/password/', {
      current_password: TEST_PASSWORD,
      new_password: 'a brand new passphrase 99',
    });
    expect(res.statusCode).toBe(204);
    expect((await use(key)).statusCode).toBe(401);
  });
});
