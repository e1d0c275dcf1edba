// Passkeys through the real HTTP stack and SimpleWebAuthn's real verification, with a software
// authenticator: registered from the account, then the sign-in's second step; a signature for another
// origin, a replayed assertion and a stranger's challenge are refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LoginChallenge } from '@cvdp/core';
import { activity } from '@cvdp/server-kit';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app.ts';
import { SoftAuthenticator } from '../../testing/soft-authenticator.ts';

const ORIGIN = 'https://cvdp.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { secretKey: 'passkey test key', publicUrl: ORIGIN } });
});
afterAll(() => t.close());

it('registers a passkey and signs in with it as the second step', async () => {
  const client = await t.signIn({ roles: ['coordinator'] });
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = (await client.post('/api/user/second-factors/passkey/options/', {})).json();
  expect(options.rp).toEqual({ name: 'CVDP', id: 'cvdp.example' });

  // An answer made for another site's page is refused, and it used up the challenge.
  const phished = new SoftAuthenticator('https://evil.example').register(options);
  const refused = await client.post('/api/user/second-factors/passkey/', { response: phished });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().errors.response).toEqual(['The passkey could not be verified. Try again.']);
  const late = await client.post('/api/user/second-factors/passkey/', {
    response: authenticator.register(options),
  });
  expect(late.statusCode).toBe(400);

  const fresh = (await client.post('/api/user/second-factors/passkey/options/', {})).json();
  const registered = await client.post('/api/user/second-factors/passkey/', {
    response: authenticator.register(fresh),
    name: 'Laptop',
  });
  expect(registered.statusCode).toBe(200);
  expect(registered.json().recovery_codes).toHaveLength(10);
  const status = (await client.get('/api/user/second-factors/')).json();
  expect(status.factors).toMatchObject([{ kind: 'passkey', name: 'Laptop' }]);

  const browser = t.anonymous();
  const login = await browser.post('/api/auth/login/', { email: client.user.email, password: TEST_PASSWORD });
  expect(login.statusCode).toBe(202);
  const challenge = login.json<LoginChallenge>();
  expect(challenge.methods).toEqual(['passkey', 'recovery_code']);
  const get = (
    await browser.post('/api/auth/login/passkey/options/', { pending_sign_in: challenge.pending_sign_in })
  ).json();
  expect(get.allowCredentials).toHaveLength(1);

  const wrongOrigin = await browser.post('/api/auth/login/passkey/', {
    pending_sign_in: challenge.pending_sign_in,
    response: authenticator.authenticate(get, 'https://evil.example'),
  });
  expect(wrongOrigin.statusCode).toBe(400);
  expect(browser.cookies.get('cvdp_session')).toBeUndefined();

  const assertion = authenticator.authenticate(get);
  const ok = await browser.post('/api/auth/login/passkey/', {
    pending_sign_in: challenge.pending_sign_in,
    response: assertion,
  });
  expect(ok.statusCode).toBe(200);
  expect(ok.json().email).toBe(client.user.email);
  expect((await browser.get('/api/user/')).statusCode).toBe(200);

  // The same signed answer for a new sign-in (its challenge differs) is refused.
  const other = t.anonymous();
  const again = (
    await other.post('/api/auth/login/', { email: client.user.email, password: TEST_PASSWORD })
  ).json<LoginChallenge>();
  await other.post('/api/auth/login/passkey/options/', { pending_sign_in: again.pending_sign_in });
  const replay = await other.post('/api/auth/login/passkey/', {
    pending_sign_in: again.pending_sign_in,
    response: assertion,
  });
  expect(replay.statusCode).toBe(400);
  expect(other.cookies.get('cvdp_session')).toBeUndefined();

  const verbs = await t.db
    .select({ verb: activity.verb, after: activity.after })
    .from(activity)
    .where(and(eq(activity.objectType, 'user'), eq(activity.objectId, String(client.user.id))))
    .orderBy(activity.id);
  expect(verbs.map((v) => v.verb)).toEqual(['second_factor.enrolled', 'second_factor.used']);
  expect(verbs[1].after).toMatchObject({ kind: 'passkey', name: 'Laptop' });
});
