import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '@cvdp/server-kit';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('CSRF', () => {
  it('refuses an unsafe request without the header, with a forged header, and accepts the cookie value', async () => {
    const client = await t.signIn();
    const missing = await client.post('/api/user/tokens/', { name: 'ci' }, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toBe('CSRF Failed: CSRF token missing or incorrect.');
    const forged = await client.post(
      '/api/user/tokens/',
      { name: 'ci' },
      { headers: { 'x-csrftoken': 'forged-value' } },
    );
    expect(forged.statusCode).toBe(403);
    const ok = await client.post('/api/user/tokens/', { name: 'ci' });
    expect(ok.statusCode).toBe(201);
  });

  it('sets a readable csrftoken cookie on a first GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const cookie = res.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('protects sign-in too (login CSRF)', async () => {
    const user = await t.createUser();
    const res = await t
      .anonymous()
      .post('/api/auth/login/', { email: user.email, password: 'x' }, { csrf: false });
    expect(res.statusCode).toBe(403);
  });
});

describe('API tokens', () => {
  it('authenticates with Authorization: Token, is exempt from CSRF, stores only a hash, and stops at revocation', async () => {
    const owner = await t.signIn({ roles: ['coordinator'] });
    const created = await owner.post('/api/user/tokens/', { name: 'transfer bot' });
    expect(created.statusCode).toBe(201);
    const { key, id } = created.json();
    expect(key).toMatch(/^cvdp_/);
    const stored = await t.db.select().from(apiTokens);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect((await owner.get('/api/user/tokens/')).json()[0]).not.toHaveProperty('key');

    const headers = { authorization: `Token ${key}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user/', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(owner.user.email);
    // No cookie, no CSRF header: still allowed, because a token is not an ambient credential.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/user/tokens/',
      headers,
      payload: { name: 'second' },
    });
    expect(write.statusCode).toBe(201);

    expect((await owner.delete(`/api/user/tokens/${id}/`)).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBe('Invalid token.');
  });

  it("does not let a user revoke someone else's token, but an admin can", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const { id, key } = (await a.post('/api/user/tokens/', { name: 'mine' })).json();
    expect((await b.delete(`/api/user/tokens/${id}/`)).statusCode).toBe(404);
    const admin = await t.signIn({ roles: ['admin'] });
    expect(
      (await admin.get(`/manage/tokens/?user=${a.user.id}`)).json().map((x: { id: number }) => x.id),
    ).toContain(id);
    expect((await admin.delete(`/manage/tokens/${id}/`)).statusCode).toBe(204);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/',
      headers: { authorization: `Token ${key}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a made-up token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/',
      headers: { authorization: 'Token cvdp_nope' },
    });
    expect(res.statusCode).toBe(401);
  });
});
