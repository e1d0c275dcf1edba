// The browser tests' clock (CVDP_TEST_CLOCK=on): an administrator moves it ahead and puts it back to real
// time; nobody else may; without the flag the address does not exist. The times compared are whole minutes
// apart, so the real time passing during the test cannot make them fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const DAY_S = 86_400;
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApp({ config: { testClock: true } }), createTestApp()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
});

const daysAhead = (iso: string) => (new Date(iso).getTime() - Date.now()) / (DAY_S * 1000);

describe('POST and DELETE /api/test/clock/', () => {
  it('an administrator moves the clock ahead, then back to real time', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const moved = await admin.post('/api/test/clock/', { advance_seconds: 50 * DAY_S });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(daysAhead(moved.json().now)).toBeGreaterThan(49.9);
    expect(daysAhead(t.app.clock.now().toISOString())).toBeGreaterThan(49.9);

    const back = await admin.delete('/api/test/clock/');
    expect(back.statusCode, back.body).toBe(200);
    expect(Math.abs(daysAhead(back.json().now))).toBeLessThan(0.01);
    expect(Math.abs(daysAhead(t.app.clock.now().toISOString()))).toBeLessThan(0.01);
  });

  it('refuses anyone but an administrator, and a step back (a negative advance), changing nothing', async () => {
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    expect((await coordinator.post('/api/test/clock/', { advance_seconds: DAY_S })).statusCode).toBe(403);
    expect((await coordinator.delete('/api/test/clock/')).statusCode).toBe(403);
    const admin = await t.signIn({ roles: ['admin'] });
    const negative = await admin.post('/api/test/clock/', { advance_seconds: -DAY_S });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toHaveProperty('advance_seconds');
    expect(Math.abs(daysAhead(t.app.clock.now().toISOString()))).toBeLessThan(0.01);
  });

  it('does not exist without CVDP_TEST_CLOCK=on', async () => {
    const admin = await plain.signIn({ roles: ['admin'] });
    expect((await admin.post('/api/test/clock/', { advance_seconds: DAY_S })).statusCode).toBe(404);
    expect((await admin.delete('/api/test/clock/')).statusCode).toBe(404);
  });
});
