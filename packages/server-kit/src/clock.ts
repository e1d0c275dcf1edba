// The time the service acts on. Everything that happens *because a moment came* — embargo reminders, scheduled
// publication, digests, webhook retries — asks `app.clock.now()` rather than `Date.now()` or SQL `now()`, so a
// test can move time forward and watch it happen, without waiting and without timed assertions.
//
// Production uses the system clock. Tests pass a ManualClock to the kit plugin (test-app.ts `clock` option).
// Rows still record *when something was written* with the database's `now()` (created_at and the like): only
// decisions about whether a moment has come go through the clock. Workers pass `clock.now()` into their SQL
// as a parameter instead of comparing with `now()`.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export class ManualClock implements Clock {
  private ms: number;
  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.ms);
  }
  set(at: Date | number): void {
    this.ms = typeof at === 'number' ? at : at.getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/**
 * Real time plus an offset a browser test moves ahead (CVDP_TEST_CLOCK=on, never in production; POST
 * /api/test/clock/). Work that waits for a moment is told when the clock jumps, so it looks at once.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
    for (const listener of this.listeners) listener();
  }
  /**
   * Back to real time. The offset is the whole server's: a browser test that moved it puts it back as soon as
   * the scheduled work it waited for is done, so the specs running beside it (and its own retry) see real time.
   */
  reset(): void {
    this.offsetMs = 0;
  }
  onAdvance(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
