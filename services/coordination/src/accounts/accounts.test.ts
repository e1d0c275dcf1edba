import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { count, eq } from 'drizzle-orm';
import { activity, users } from '@cvdp/server-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration → pending → approval → sign-in', () => {
  it('keeps a new account pending until an administrator approves it', async () => {
    const visitor = t.anonymous();
    const reg = await visitor.post('/api/auth/register/', {
      email: 'New.Reporter@Example.test',
      name: 'New Reporter',
      password: 'a long enough passphrase',
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ email: 'new.reporter@example.test', pending: true });
    expect(reg.body).not.toContain('password');

    const early = await visitor.post('/api/auth/login/', {
      email: 'new.reporter@example.test',
      password: 'a long enough passphrase',
    });
    expect(early.statusCode).toBe(401);
    expect(early.json().detail).toBe('Your account is awaiting approval by an administrator.');

    const admin = await t.signIn({ roles: ['admin'] });
    const pending = await admin.get('/manage/users/pending/');
    expect(pending.statusCode).toBe(200);
    const row = pending
      .json()
      .results.find((u: { email: string }) => u.email === 'new.reporter@example.test');
    expect(row).toMatchObject({ pending: true, roles: ['reporter'] });

    const approve = await admin.patch(`/manage/users/pending/${row.id}/`, { pending: false });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().pending).toBe(false);
    expect(
      (await admin.get('/manage/users/pending/')).json().results.map((u: { id: number }) => u.id),
    ).not.toContain(row.id);
    expect((await admin.get('/manage/users/new/')).json().results.map((u: { id: number }) => u.id)).toContain(
      row.id,
    );

    const login = await visitor.post('/api/auth/login/', {
      email: 'NEW.reporter@example.test',
      password: 'a long enough passphrase',
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === 'cvdp_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await visitor.get('/api/user/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'new.reporter@example.test', roles: ['reporter'], groups: [] });
  });

  it('refuses a weak password and a malformed body with field messages', async () => {
    const v = t.anonymous();
    const weak = await v.post('/api/auth/register/', {
      email: 'weak@example.test',
      name: 'Weak',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password[0]).toMatch(/at least 10 characters/);
    const bad = await v.request('POST', '/api/auth/register/', {
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
  });
});

describe('sign-in failures', () => {
  it('answers a wrong password with a clear message and throttles repeated failures with 429', async () => {
    const user = await t.createUser();
    const v = t.anonymous();
    for (let i = 0; i < 5; i++) {
      const res = await v.post('/api/auth/login/', { email: user.email, password: 'wrong password!' });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Unable to sign in with the provided email and password.');
    }
    const blocked = await v.post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Too many failed sign-in attempts/);
    // Another account is not affected.
    const other = await t.createUser();
    expect(
      (await v.post('/api/auth/login/', { email: other.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const res = await t
      .anonymous()
      .post('/api/auth/login/', { email: 'nobody@example.test', password: 'whatever123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Unable to sign in with the provided email and password.');
  });
});

describe('sessions', () => {
  it('ends the session on the server at logout: the old cookie no longer works', async () => {
    const client = await t.signIn();
    const stolen = client.cookies.get('cvdp_session')!;
    expect((await client.get('/api/user/')).statusCode).toBe(200);
    expect((await client.post('/api/auth/logout/')).statusCode).toBe(204);
    expect((await client.get('/api/user/')).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/user/',
      headers: { cookie: `cvdp_session=${stolen}` },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('answers 401 with the error shape when signed out', async () => {
    const res = await t.anonymous().get('/api/user/');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('changes the password, ending other sessions but keeping this one', async () => {
    const a = await t.signIn();
    const b = t.anonymous();
    expect(
      (await b.post('/api/auth/login/', { email: a.user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const wrong = await a.post('/api/user/password/', {
      current_password: 'nope',
      new_password: 'another fine passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBeDefined();
    const ok = await a.post('/api/user/password/', {
      current_password: TEST_PASSWORD,
      new_password: 'another fine passphrase',
    });
    expect(ok.statusCode).toBe(204);
    expect((await a.get('/api/user/')).statusCode).toBe(200);
    expect((await b.get('/api/user/')).statusCode).toBe(401);
    const fresh = t.anonymous();
    expect(
      (await fresh.post('/api/auth/login/', { email: a.user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(400);
    expect(
      (await fresh.post('/api/auth/login/', { email: a.user.email, password: 'another fine passphrase' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('logout call', () => {
  it.each([
    ['no content type', {}],
    ['an empty JSON body', { 'content-type': 'application/json' }],
    ['an empty form body', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('accepts an empty body with %s', async (_label, headers) => {
    const client = await t.signIn();
    const res = await client.request('POST', '/api/auth/logout/', {
      headers: headers as Record<string, string>,
    });
    expect(res.statusCode).toBe(204);
    expect((await client.get('/api/user/')).statusCode).toBe(401);
  });
});

describe('display names', () => {
  it('refuse control characters (CR/LF, tab, DEL, C1, line separators) with 400 naming the field', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const user = await t.createUser();
    const before = await t.db.select().from(users).where(eq(users.id, user.id));
    for (const bad of ['Eve\r\nBcc: x@example.test', 'Tab\there', 'Del\u007f', 'Nel\u0085x', 'Sep\u2028x']) {
      const reg = await t.anonymous().post('/api/auth/register/', {
        email: 'control@example.test',
        name: bad,
        password: 'a long enough passphrase',
      });
      expect(reg.statusCode, JSON.stringify(bad)).toBe(400);
      expect(reg.json().errors.name).toEqual(['Control characters such as line breaks are not allowed.']);
      const patch = await admin.patch(`/manage/users/${user.id}/`, { name: bad });
      expect(patch.statusCode).toBe(400);
      expect(Object.keys(patch.json().errors)).toEqual(['name']);
      const group = await admin.post('/manage/groups/', { name: bad });
      expect(group.statusCode).toBe(400);
      expect(Object.keys(group.json().errors)).toEqual(['name']);
      const token = await admin.post('/api/user/tokens/', { name: bad });
      expect(token.statusCode).toBe(400);
      expect(Object.keys(token.json().errors)).toEqual(['name']);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'control@example.test'))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
    // Letters of any script, spaces and punctuation are fine.
    const ok = await admin.patch(`/manage/users/${user.id}/`, { name: 'Zoë O’Brien-Łukasz 李' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('text the database cannot store', () => {
  it('answers a NUL character in a search or a body with 400, storing nothing', async () => {
    const client = await t.signIn();
    const search = await client.get('/api/groups/?search=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json().detail).toMatch(/cannot be stored/);
    const reg = await t.anonymous().post('/api/auth/register/', {
      email: 'nul@example.test',
      name: 'Nul\u0000Name',
      password: 'a long enough passphrase',
    });
    expect(reg.statusCode).toBe(400);
    const again = await t.anonymous().post('/api/auth/register/', {
      email: 'nul@example.test',
      name: 'Nul Name',
      password: 'a long enough passphrase',
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('concurrent registrations of one address (issue 8)', () => {
  it('create one account and answer every one alike (201: a taken address is not revealed), never 500', async () => {
    const t2 = await createTestApp();
    try {
      const body = { email: 'race@example.test', name: 'Race', password: 'a long enough password' };
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => t2.anonymous().post('/api/auth/register/', body)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const [{ n }] = await t2.db.select({ n: count() }).from(users).where(eq(users.email, body.email));
      expect(n).toBe(1);
      // The registration and its activity row were written together.
      const rows = await t2.db.select().from(activity).where(eq(activity.verb, 'registered'));
      expect(rows).toHaveLength(1);
    } finally {
      await t2.close();
    }
  });
});

describe('GET /api/session/', () => {
  it('answers a visitor 200 with no user (GET /api/user/ stays 401 for API clients)', async () => {
    const visitor = t.anonymous();
    const session = await visitor.get('/api/session/');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: null });
    expect((await visitor.get('/api/user/')).statusCode).toBe(401);
  });

  it('answers a signed-in user with the same view as GET /api/user/', async () => {
    const user = await t.signIn({ roles: ['coordinator'] });
    const session = await user.get('/api/session/');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toEqual((await user.get('/api/user/')).json());
    expect(session.json().user.roles).toEqual(['coordinator']);
  });
});
