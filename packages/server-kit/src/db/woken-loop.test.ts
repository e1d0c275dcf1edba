// The queue workers' run loop on the test database's own listener: a NOTIFY wakes it at once, a wake during
// a drain runs one more drain right after (never two at a time), the poll interval covers a lost
// notification, and stop() waits for the drain in flight.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { Database } from './database.ts';
import { WokenLoop } from './woken-loop.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function loopCounting(pollIntervalMs: number, drainMs = 0) {
  const state = { drains: 0, concurrent: 0, maxConcurrent: 0, errors: [] as unknown[] };
  const loop = new WokenLoop({
    channel: 'cvdp_test_loop',
    pollIntervalMs,
    notifications: () => database.notifications,
    drain: async () => {
      state.concurrent++;
      state.maxConcurrent = Math.max(state.maxConcurrent, state.concurrent);
      await new Promise((r) => setTimeout(r, drainMs));
      state.drains++;
      state.concurrent--;
    },
    onDrainError: (error) => state.errors.push(error),
    onListenError: (error) => state.errors.push(error),
  });
  return { loop, state };
}

describe('WokenLoop', () => {
  it('drains at start, again on NOTIFY, once more for wakes during a drain, and stop waits for it', async () => {
    const { loop, state } = loopCounting(60_000, 100);
    loop.start();
    await until(() => state.drains === 1);
    await until(() => database.notifications.subscriberCount('cvdp_test_loop') === 1);
    await database.db.execute(sql`select pg_notify('cvdp_test_loop', '')`);
    await until(() => state.drains === 2);

    // Three wakes while a drain runs: one drain follows it, not three, and never two at once.
    loop.wake();
    await until(() => state.concurrent === 1);
    loop.wake();
    loop.wake();
    loop.wake();
    await until(() => state.drains === 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(state.drains).toBe(4);
    expect(state.maxConcurrent).toBe(1);

    loop.wake();
    await until(() => state.concurrent === 1);
    await loop.stop();
    expect(state.concurrent).toBe(0);
    expect(loop.stopping).toBe(true);
    expect(database.notifications.subscriberCount('cvdp_test_loop')).toBe(0);
    loop.wake(); // stopped: nothing
    await new Promise((r) => setTimeout(r, 150));
    expect(state.drains).toBe(5);
    expect(state.errors).toEqual([]);
  });

  it('polls without any notification, and a failing drain is reported and does not stop it', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const loop = new WokenLoop({
      channel: 'cvdp_test_loop_two',
      pollIntervalMs: 50,
      notifications: () => database.notifications,
      drain: async () => {
        if (++calls === 1) throw new Error('database away');
      },
      onDrainError: (error) => errors.push(error),
      onListenError: (error) => errors.push(error),
    });
    loop.start();
    await until(() => calls >= 3);
    await loop.stop();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('database away');
  });
});
