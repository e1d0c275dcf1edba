// Issue 27: failed sign-ins cannot be used to lock someone else out, and sign-in and registration answers
// say nothing about whether an account exists. Clients are told apart by X-Forwarded-For (the app trusts
// it here, as behind CVDP_TRUST_PROXY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { loginFailures, users } from '@cvdp/server-kit';
import { emailOutbox } from '../email/tables.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { MAX_ADDRESS_FAILURES, MAX_FAILURES, recordFailure } from './login-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: true } });
});
afterAll(() => t.close());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const signIn = (email: string, password: string, ip: string) =>
  t.anonymous().post('/api/auth/login/', { email, password }, from(ip));
const WRONG = 'wrong password!';

describe('failed sign-ins', () => {
  it('lock out the address that guessed, never the account owner signing in from elsewhere', async () => {
    const victim = await t.createUser();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await signIn(victim.email, WRONG, '203.0.113.9')).statusCode).toBe(400);
    }
    // The guessing address is refused, even with the right password, and told when to come back.
    const blocked = await signIn(victim.email, TEST_PASSWORD, '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The owner, from an address that has not failed, signs in.
    expect((await signIn(victim.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
    // …and that success does not reset the guesser's count.
    expect((await signIn(victim.email, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    // Once the failures leave the 15-minute window, the address may try again.
    await t.db.execute(sql`update login_failures set at = at - interval '16 minutes'`);
    expect((await signIn(victim.email, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
  });

  it('refuse an address that keeps failing across accounts, for every account, and only that address', async () => {
    const user = await t.createUser();
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++)
      await recordFailure(t.db, `sprayed${i}@example.test`, '192.0.2.77');
    const blocked = await signIn(user.email, TEST_PASSWORD, '192.0.2.77');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await signIn(user.email, TEST_PASSWORD, '192.0.2.78')).statusCode).toBe(200);
  });

  it('count an IPv6 client by its /64, so rotating addresses inside it does not reset the count', async () => {
    const victim = await t.createUser();
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await signIn(victim.email, WRONG, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(400);
    }
    expect((await signIn(victim.email, TEST_PASSWORD, '2001:db8:1:2::99')).statusCode).toBe(429);
    expect((await signIn(victim.email, TEST_PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('answer an unknown account exactly like a known one, wrong password and lockout alike', async () => {
    const known = await t.createUser();
    const answers = async (email: string, ip: string) => {
      const seen: string[] = [];
      for (let i = 0; i <= MAX_FAILURES; i++) {
        const res = await signIn(email, WRONG, ip);
        seen.push(`${res.statusCode} ${res.body} ${res.headers['retry-after'] === undefined}`);
      }
      return seen;
    };
    expect(await answers('nobody-here@example.test', '198.51.100.60')).toEqual(
      await answers(known.email, '198.51.100.61'),
    );
  });
});

describe('registration', () => {
  it('answers a taken address exactly like a new one and emails the owner (once an hour) instead', async () => {
    const owner = await t.createUser({ name: 'Owner Person' });
    const body = (email: string) => ({ email, name: 'Someone', password: 'a long enough passphrase' });
    const fresh = await t.anonymous().post('/api/auth/register/', body('fresh-person@example.test'));
    const taken = await t.anonymous().post('/api/auth/register/', body(owner.email.toUpperCase()));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect({ ...taken.json(), email: '' }).toEqual({ ...fresh.json(), email: '' });
    expect(taken.json().email).toBe(owner.email);

    const [{ n }] = await t.db.select({ n: count() }).from(users).where(eq(users.email, owner.email));
    expect(n).toBe(1);
    const mails = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.kind, 'registration_attempt')));
    const [mail] = await mails();
    expect(mail.subject).toBe('[CVDP] Someone tried to register with your email address');
    expect(mail.textBody).toContain('Hello Owner Person');
    expect(mail.textBody).toContain('No new account was created');
    // The new address got no such email.
    const toFresh = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'fresh-person@example.test'));
    expect(toFresh).toEqual([]);

    // A second try within the hour answers the same and does not email the owner again.
    const again = await t.anonymous().post('/api/auth/register/', body(owner.email));
    expect(again.statusCode).toBe(201);
    expect(await mails()).toHaveLength(1);
  });

  it('leaves no failure rows behind for a good sign-in after mistakes from the same address', async () => {
    const user = await t.createUser();
    expect((await signIn(user.email, WRONG, '198.51.100.90')).statusCode).toBe(400);
    expect((await signIn(user.email, TEST_PASSWORD, '198.51.100.90')).statusCode).toBe(200);
    const left = await t.db.select().from(loginFailures).where(eq(loginFailures.email, user.email));
    expect(left).toEqual([]);
  });
});
