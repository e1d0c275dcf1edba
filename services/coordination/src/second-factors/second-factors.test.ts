// Second factors through the real HTTP stack: enrolling an authenticator app, the sign-in's second step
// (bad codes, a replayed code, an expired pending sign-in, recovery codes used once), removal, the
// administrator's requirement with its grace period, and the audit rows and emails of each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { LoginChallenge } from '@cvdp/core';
import { activity, loginFailures, sessions } from '@cvdp/server-kit';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { emailOutbox } from '../email/tables.ts';
import { pendingSignIns, secondFactors } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { secretKey: 'second factor test key' } });
});
afterAll(() => t.close());

/** The app's code `steps` 30-second steps from now (a later step than the last one used is accepted once). */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** A signed-in user with a confirmed authenticator app; its secret and recovery codes. */
async function enrolled(roles: string[] = ['reporter']) {
  const client = await t.signIn({ roles });
  const start = await client.post('/api/user/second-factors/totp/', {});
  expect(start.statusCode).toBe(200);
  const { id, secret, uri, qr } = start.json();
  expect(uri).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const enrolCode = codeAt(secret);
  const confirm = await client.post(`/api/user/second-factors/totp/${id}/confirm/`, {
    code: enrolCode,
    name: 'Phone',
  });
  expect(confirm.statusCode).toBe(200);
  const codes: string[] = confirm.json().recovery_codes;
  return { client, user: client.user, secret, enrolCode, codes, factorId: id as number };
}

async function passwordStep(client: TestClient, email: string) {
  const res = await client.post('/api/auth/login/', { email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(202);
  return res.json<LoginChallenge>();
}

const sessionCookie = (client: TestClient) => client.cookies.get('cvdp_session');

describe('enrolling an authenticator app', () => {
  it('stores the secret encrypted, gives ten recovery codes once, and shows the factor', async () => {
    const { client, user, secret, codes, factorId } = await enrolled();
    expect(codes).toHaveLength(10);
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.id, factorId));
    expect(row.secretEnc).not.toContain(secret);
    const status = (await client.get('/api/user/second-factors/')).json();
    expect(status).toMatchObject({
      factors: [{ id: factorId, kind: 'totp', name: 'Phone', last_used: null }],
      recovery_codes_left: 10,
      required: false,
      required_by: null,
    });
    // A second app keeps the codes the account has.
    const again = await client.post('/api/user/second-factors/totp/', {});
    const second = await client.post(`/api/user/second-factors/totp/${again.json().id}/confirm/`, {
      code: codeAt(again.json().secret),
    });
    expect(second.json()).toEqual({ recovery_codes: null });
    const audit = await t.db
      .select({ verb: activity.verb })
      .from(activity)
      .where(and(eq(activity.objectType, 'user'), eq(activity.objectId, String(user.id))))
      .orderBy(activity.id);
    expect(audit.map((a) => a.verb)).toEqual(['second_factor.enrolled', 'second_factor.enrolled']);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(mail.map((m) => m.kind)).toEqual(['account_security', 'account_security']);
    expect(mail[0].textBody).toContain('An authenticator app ("Phone") was added to your account');
  });

  it('refuses a wrong or malformed first code and leaves the factor unconfirmed', async () => {
    const client = await t.signIn();
    const { id } = (await client.post('/api/user/second-factors/totp/', {})).json();
    const wrong = await client.post(`/api/user/second-factors/totp/${id}/confirm/`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual(['The code is not correct.']);
    const bad = await client.post(`/api/user/second-factors/totp/${id}/confirm/`, { code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toEqual(['Enter the 6-digit code from your authenticator app.']);
    expect((await client.get('/api/user/second-factors/')).json().factors).toEqual([]);
    // Someone else's enrolment is not found.
    const other = await t.signIn();
    const theirs = await other.post(`/api/user/second-factors/totp/${id}/confirm/`, { code: '123456' });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('signing in with a second factor', () => {
  it('holds the session back until the code is right, and never takes one code twice', async () => {
    const { user, secret, enrolCode } = await enrolled();
    const browser = t.anonymous();
    const challenge = await passwordStep(browser, user.email);
    expect(challenge).toMatchObject({ methods: ['totp', 'recovery_code'], enrol_required: false });
    expect(sessionCookie(browser)).toBeUndefined();
    expect((await browser.get('/api/user/')).statusCode).toBe(401);

    const wrong = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: challenge.pending_sign_in,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual(['The code is not correct.']);
    // The code used at enrolment is spent already (the very code: one computed now may be the next
    // 30-second step's, which is still unused).
    const replayEnrolCode = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: challenge.pending_sign_in,
      code: enrolCode,
    });
    expect(replayEnrolCode.statusCode).toBe(400);

    const code = codeAt(secret, 1);
    const ok = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: challenge.pending_sign_in,
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id, email: user.email });
    expect(sessionCookie(browser)).toBeDefined();
    expect((await browser.get('/api/user/')).statusCode).toBe(200);

    // The pending sign-in is gone, and the same code in a new sign-in is refused (replay in its window).
    const reuse = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: challenge.pending_sign_in,
      code,
    });
    expect(reuse.json().errors.pending_sign_in).toEqual(['This sign-in has expired. Sign in again.']);
    const other = t.anonymous();
    const next = await passwordStep(other, user.email);
    const replay = await other.post('/api/auth/login/second-factor/', {
      pending_sign_in: next.pending_sign_in,
      code,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.code).toEqual(['The code is not correct.']);
    expect(sessionCookie(other)).toBeUndefined();

    const used = await t.db
      .select({ verb: activity.verb })
      .from(activity)
      .where(and(eq(activity.objectId, String(user.id)), eq(activity.verb, 'second_factor.used')));
    expect(used).toHaveLength(1);
  });

  it('refuses an expired pending sign-in, and drops one after five wrong codes', async () => {
    const { user, secret } = await enrolled();
    const browser = t.anonymous();
    const first = await passwordStep(browser, user.email);
    await t.db
      .update(pendingSignIns)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingSignIns.userId, user.id));
    const late = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: first.pending_sign_in,
      code: codeAt(secret, 1),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.pending_sign_in).toEqual(['This sign-in has expired. Sign in again.']);

    const second = await passwordStep(browser, user.email);
    for (let i = 0; i < 5; i++) {
      const res = await browser.post('/api/auth/login/second-factor/', {
        pending_sign_in: second.pending_sign_in,
        code: String(100000 + i),
      });
      expect(res.json().errors.code).toBeDefined();
    }
    const after = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: second.pending_sign_in,
      code: codeAt(secret, 1),
    });
    expect(after.json().errors.pending_sign_in).toBeDefined();
    // Five wrong codes lock the account's second step for a while, from any pending sign-in.
    const third = await passwordStep(browser, user.email);
    const locked = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: third.pending_sign_in,
      code: codeAt(secret, 1),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe('Too many wrong codes. Try again in 15 minutes.');
    expect(sessionCookie(browser)).toBeUndefined();
  });

  it("caps the account's wrong second steps from all addresses together", async () => {
    const { user, secret } = await enrolled();
    // Ten wrong answers from ten other addresses (each under its own limit of five).
    await t.db
      .insert(loginFailures)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ email: `second-factor:${user.id}`, ip: `198.51.100.${i}` })),
      );
    const browser = t.anonymous();
    const step = await passwordStep(browser, user.email);
    const locked = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: step.pending_sign_in,
      code: codeAt(secret, 1),
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes a recovery code once', async () => {
    const { user, codes } = await enrolled();
    const browser = t.anonymous();
    const first = await passwordStep(browser, user.email);
    const ok = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: first.pending_sign_in,
      recovery_code: codes[0].toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    expect((await browser.get('/api/user/second-factors/')).json().recovery_codes_left).toBe(9);

    const other = t.anonymous();
    const second = await passwordStep(other, user.email);
    const twice = await other.post('/api/auth/login/second-factor/', {
      pending_sign_in: second.pending_sign_in,
      recovery_code: codes[0],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.recovery_code).toEqual([
      'The recovery code is not correct or was already used.',
    ]);
    const both = await other.post('/api/auth/login/second-factor/', {
      pending_sign_in: second.pending_sign_in,
      recovery_code: codes[1],
      code: '123456',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.code).toBeDefined();
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(
      mail.some((m) => m.textBody.includes('A recovery code was used to sign in to your account (9 left).')),
    ).toBe(true);
  });

  it('leaves API tokens working without a second step', async () => {
    const { client } = await enrolled();
    const created = await client.post('/api/user/tokens/', { name: 'script' });
    const key = created.json().key;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/',
      headers: { authorization: `Token ${key}` },
    });
    expect(res.statusCode).toBe(200);
    const [token] = (await client.get('/api/user/tokens/')).json();
    expect(token.last_used).not.toBeNull();
  });
});

describe('removing a factor', () => {
  it('needs the password or a code, and takes the recovery codes with the last factor', async () => {
    const { client, user, secret, factorId } = await enrolled();
    const noProof = await client.post(`/api/user/second-factors/${factorId}/remove/`, {});
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().errors.password).toEqual([
      'Enter your password or a code from your authenticator app.',
    ]);
    const wrong = await client.post(`/api/user/second-factors/${factorId}/remove/`, { password: 'not it' });
    expect(wrong.json().errors.password).toEqual(['The password is not correct.']);
    const other = await t.signIn();
    expect(
      (await other.post(`/api/user/second-factors/${factorId}/remove/`, { password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(404);
    const removed = await client.post(`/api/user/second-factors/${factorId}/remove/`, {
      code: codeAt(secret, 1),
    });
    expect(removed.statusCode).toBe(204);
    expect((await client.get('/api/user/second-factors/')).json()).toMatchObject({
      factors: [],
      recovery_codes_left: 0,
    });
    const res = await t.anonymous().post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const verbs = await t.db
      .select({ verb: activity.verb })
      .from(activity)
      .where(eq(activity.objectId, String(user.id)))
      .orderBy(activity.id);
    // A code given as proof is spent, but it signs nobody in: no 'used' row.
    expect(verbs.map((v) => v.verb)).toEqual(['second_factor.enrolled', 'second_factor.removed']);
  });

  it('makes new recovery codes with the password; the old ones stop working', async () => {
    const { client, user, codes } = await enrolled();
    const fresh = await client.post('/api/user/second-factors/recovery-codes/', { password: TEST_PASSWORD });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recovery_codes).toHaveLength(10);
    const browser = t.anonymous();
    const step = await passwordStep(browser, user.email);
    const old = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: step.pending_sign_in,
      recovery_code: codes[0],
    });
    expect(old.statusCode).toBe(400);
  });
});

describe("the administrator's requirement", () => {
  it('lets staff sign in during the grace period, then sends them to enrol before anything else', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    expect(
      (await t.signIn().then((c) => c.put('/manage/second-factors/', { required: true, grace_days: 7 })))
        .statusCode,
    ).toBe(403);
    const bad = await admin.put('/manage/second-factors/', { required: true, grace_days: -1 });
    expect(bad.json().errors.grace_days).toEqual(['At least 0 days.']);
    const set = await admin.put('/manage/second-factors/', { required: true, grace_days: 7 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      required: true,
      grace_days: 7,
      roles: ['coordinator', 'scorer', 'admin'],
    });

    const coordinator = await t.createUser({ roles: ['coordinator'] });
    const reporter = await t.createUser();
    const during = t.anonymous();
    expect(
      (await during.post('/api/auth/login/', { email: coordinator.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const status = (await during.get('/api/user/second-factors/')).json();
    expect(status.required).toBe(true);
    expect(Date.parse(status.required_by)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    // The grace period over (its start moved back 8 days): enrol first, no session until then.
    await t.db.execute(sql`UPDATE second_factor_policy SET required_since = now() - interval '8 days'`);
    expect(
      (await t.anonymous().post('/api/auth/login/', { email: reporter.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const browser = t.anonymous();
    const challenge = await passwordStep(browser, coordinator.email);
    expect(challenge).toMatchObject({ enrol_required: true, methods: [] });
    expect(sessionCookie(browser)).toBeUndefined();
    // A pending enrolment is not a second step.
    const notAStep = await browser.post('/api/auth/login/second-factor/', {
      pending_sign_in: challenge.pending_sign_in,
      code: '123456',
    });
    expect(notAStep.json().errors.pending_sign_in).toBeDefined();
    const start = await browser.post('/api/auth/login/enrol/totp/', {
      pending_sign_in: challenge.pending_sign_in,
    });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json();
    const wrong = await browser.post('/api/auth/login/enrol/totp/confirm/', {
      pending_sign_in: challenge.pending_sign_in,
      code: '000000',
    });
    expect(wrong.json().errors.code).toEqual(['The code is not correct.']);
    const done = await browser.post('/api/auth/login/enrol/totp/confirm/', {
      pending_sign_in: challenge.pending_sign_in,
      code: codeAt(secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(coordinator.email);
    expect(done.json().recovery_codes).toHaveLength(10);
    expect((await browser.get('/api/user/')).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, coordinator.id))).toHaveLength(2);

    // The last factor of a covered role stays until another is added.
    const [factor] = (await browser.get('/api/user/second-factors/')).json().factors;
    const keep = await browser.post(`/api/user/second-factors/${factor.id}/remove/`, {
      password: TEST_PASSWORD,
    });
    expect(keep.statusCode).toBe(409);

    const off = await admin.put('/manage/second-factors/', { required: false, grace_days: 0 });
    expect(off.json()).toMatchObject({ required: false, required_by: null });
    const changed = await t.db
      .select()
      .from(activity)
      .where(eq(activity.verb, 'second_factor_policy.changed'));
    expect(changed).toHaveLength(2);
  });
});
