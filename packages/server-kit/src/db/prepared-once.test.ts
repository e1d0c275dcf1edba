import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { preparedOnce, preparedWindow, preparedWithin } from './prepared-once.ts';

// The handle is only a key here: these functions never query it (the queue's own tests run the statements).
const handle = () => ({}) as Db;
const counter = () => {
  let built = 0;
  return { build: () => ({ n: ++built }), built: () => built };
};

describe('preparedOnce', () => {
  it('builds a name once per database handle', () => {
    const a = handle();
    const b = handle();
    const c = counter();
    const first = preparedOnce(a, 'list_x', c.build);
    expect(preparedOnce(a, 'list_x', c.build)).toBe(first);
    expect(preparedOnce(b, 'list_x', c.build)).not.toBe(first);
    expect(c.built()).toBe(2);
  });

  it('refuses a name PostgreSQL would cut to 63 bytes', () => {
    expect(() => preparedOnce(handle(), 'n'.repeat(64), () => 1)).toThrow(/longer than 63/);
    expect(preparedOnce(handle(), 'n'.repeat(63), () => 1)).toBe(1);
  });
});

describe('preparedWithin', () => {
  it('prepares at most `max` names per family, then answers null for new names only', () => {
    const db = handle();
    const c = counter();
    const made = [0, 1, 2].map((i) => preparedWithin(db, 'queue', 3, `q_${i}`, c.build));
    expect(made.every((m) => m !== null)).toBe(true);
    // Past the bound: a new name is planned per request by the caller…
    expect(preparedWithin(db, 'queue', 3, 'q_3', c.build)).toBeNull();
    // …while the names already prepared keep their statements.
    expect(preparedWithin(db, 'queue', 3, 'q_1', c.build)).toBe(made[1]);
    expect(c.built()).toBe(3);
    // Another family, and another handle, have bounds of their own.
    expect(preparedWithin(db, 'other', 3, 'o_0', c.build)).not.toBeNull();
    expect(preparedWithin(handle(), 'queue', 3, 'q_3', c.build)).not.toBeNull();
  });

  it('answers null for a name over 63 bytes instead of throwing, and does not count it', () => {
    const db = handle();
    expect(preparedWithin(db, 'queue', 1, 'q'.repeat(64), () => 1)).toBeNull();
    expect(preparedWithin(db, 'queue', 1, 'q_short', () => 2)).toBe(2);
  });
});

describe('preparedWindow', () => {
  it('writes in the first page of the inlined size only', () => {
    expect(preparedWindow(20, 0).suffix).toBe('_f20');
    expect(preparedWindow(50, 0, 50).suffix).toBe('_f50');
    expect(preparedWindow(20, 20).suffix).toBe('');
    expect(preparedWindow(50, 0).suffix).toBe('');
  });
});
