// The process's one LISTEN connection, on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// fan-out to several subscribers per channel, delivery at commit only, UNLISTEN when the last one goes, and —
// on PostgreSQL — a dropped connection that comes back by itself, LISTENs again and says so.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../../testing/test-database.ts';
import type { Database } from './database.ts';
import { notificationsOf } from './notifications-listener.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

const notify = (channel: string, payload: string) =>
  database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sessions of this database that LISTEN (PostgreSQL only). */
async function listenerBackends(): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'cvdp-listen'`,
  );
  return (result as { rows: { n: number }[] }).rows[0].n;
}

describe('notifications listener', () => {
  it('is the database handle’s own, and refuses channel names that are not lowercase identifiers', async () => {
    expect(notificationsOf(database.db)).toBe(database.notifications);
    await expect(database.notifications.subscribe('Mixed', () => {})).rejects.toThrow(/lowercase/);
    await expect(database.notifications.subscribe('a; drop table users', () => {})).rejects.toThrow();
    expect(database.notifications.subscriberCount()).toBe(0);
  });

  it('fans one channel out to every subscriber, keeps channels apart, and delivers only at commit', async () => {
    const listener = database.notifications;
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    const stopA = await listener.subscribe('cvdp_test_one', (p) => a.push(p));
    const stopB = await listener.subscribe('cvdp_test_one', (p) => b.push(p));
    const stopOther = await listener.subscribe('cvdp_test_two', (p) => other.push(p));
    expect(listener.subscriberCount('cvdp_test_one')).toBe(2);

    await notify('cvdp_test_one', 'first');
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('cvdp_test_one', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('cvdp_test_one', 'committed')`);
      // Not yet: NOTIFY waits for the commit.
      await new Promise((r) => setTimeout(r, 100));
      expect(a).toEqual(['first']);
    });
    await until(() => a.length === 2 && b.length === 2);
    expect(a).toEqual(['first', 'committed']);
    expect(b).toEqual(['first', 'committed']);
    expect(other).toEqual([]);

    stopA();
    stopA(); // idempotent
    await notify('cvdp_test_one', 'after A left');
    await until(() => b.length === 3);
    expect(a).toHaveLength(2);
    stopB();
    stopOther();
    expect(listener.subscriberCount()).toBe(0);

    // Nobody listens any more; a new subscriber hears what comes after it subscribed.
    await notify('cvdp_test_one', 'to nobody');
    const c: string[] = [];
    const stopC = await listener.subscribe('cvdp_test_one', (p) => c.push(p));
    await notify('cvdp_test_one', 'to C');
    await until(() => c.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(c).toEqual(['to C']);
    stopC();
  });

  it('a subscriber that throws does not keep the others from hearing', async () => {
    const got: string[] = [];
    const stopBad = await database.notifications.subscribe('cvdp_test_three', () => {
      throw new Error('boom');
    });
    const stopGood = await database.notifications.subscribe('cvdp_test_three', (p) => got.push(p));
    await notify('cvdp_test_three', 'x');
    await until(() => got.length === 1);
    stopBad();
    stopGood();
  });

  it.runIf(inject('dbTemplate').kind === 'postgres')(
    'PostgreSQL: subscriptions made together LISTEN one after another (pg 9 refuses a query while one runs)',
    async () => {
      let running = 0;
      let most = 0;
      const query = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client & { connectionParameters?: { application_name?: string } },
        ...args: unknown[]
      ) {
        const result = (query as (...a: unknown[]) => unknown).apply(this, args);
        if (this.connectionParameters?.application_name !== 'cvdp-listen' || !(result instanceof Promise))
          return result;
        most = Math.max(most, ++running);
        return result.finally(() => running--);
      });
      const channels = ['cvdp_test_a', 'cvdp_test_b', 'cvdp_test_c', 'cvdp_test_d', 'cvdp_test_e'];
      const got: string[] = [];
      let stops: (() => void)[] = [];
      try {
        stops = await Promise.all(
          channels.map((c) => database.notifications.subscribe(c, (p) => got.push(p))),
        );
      } finally {
        spy.mockRestore();
      }
      expect(most).toBe(1);
      for (const c of channels) await notify(c, c);
      await until(() => got.length === channels.length);
      expect(got.sort()).toEqual(channels);
      for (const stop of stops) stop();
    },
  );

  it.runIf(inject('dbTemplate').kind === 'postgres')(
    'PostgreSQL: one dedicated connection for all channels; after it is killed it reconnects, listens again and tells the subscribers',
    async () => {
      const listener = database.notifications;
      const got: string[] = [];
      let reconnects = 0;
      const disconnects: number[] = [];
      const stop1 = await listener.subscribe('cvdp_test_one', (p) => got.push(p), {
        onReconnect: () => reconnects++,
        // Told at the loss, before the reconnect (the reconnect count then is 0).
        onDisconnect: () => disconnects.push(reconnects),
      });
      const stop2 = await listener.subscribe('cvdp_test_two', (p) => got.push(p));
      expect(await listenerBackends()).toBe(1);

      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'cvdp-listen'`,
      );
      await until(() => reconnects === 1);
      expect(disconnects).toEqual([0]);
      expect(await listenerBackends()).toBe(1);
      await notify('cvdp_test_one', 'after the reconnect');
      await notify('cvdp_test_two', 'on the other channel too');
      await until(() => got.length === 2);
      expect(got).toEqual(['after the reconnect', 'on the other channel too']);
      stop1();
      stop2();
    },
  );
});
