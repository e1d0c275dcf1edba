// Ended sessions are deleted on a schedule (issue 24): a session idle past its expiry, and one older than
// the maximum age however active, are gone after a purge tick; a live one stays, and still works.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // A tick every second, so the test sees the schedule at work rather than only the purge at start.
  t = await createTestApp({ config: { sessionPurgeSeconds: 1, sessionMaxAgeSeconds: 3600 } });
});
afterAll(() => t.close());

const sessionHashes = async () =>
  (
    (await t.db.execute(sql`select id_hash from sessions order by id_hash`)) as {
      rows: { id_hash: string }[];
    }
  ).rows.map((r) => r.id_hash);

it('deletes sessions idle past their expiry and those past the maximum age, and keeps live ones', async () => {
  const live = await t.signIn();
  const user = await t.createUser();
  await t.db.execute(sql`
    insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values
      ('idle-ended', ${user.id}, now() - interval '1 hour', now() - interval '30 minutes', now() - interval '10 minutes'),
      ('too-old', ${user.id}, now() - interval '2 hours', now(), now() + interval '10 minutes')`);
  expect(await sessionHashes()).toEqual(expect.arrayContaining(['idle-ended', 'too-old']));

  // The next tick (every second here) removes both.
  const deadline = Date.now() + 10_000;
  let left = await sessionHashes();
  while (Date.now() < deadline && (left.includes('idle-ended') || left.includes('too-old'))) {
    await new Promise((r) => setTimeout(r, 100));
    left = await sessionHashes();
  }
  expect(left).not.toContain('idle-ended');
  expect(left).not.toContain('too-old');
  expect(left).toHaveLength(1); // the live sign-in's session
  expect((await live.get('/api/user/')).statusCode).toBe(200);
});
