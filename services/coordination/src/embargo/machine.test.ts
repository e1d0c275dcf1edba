// Every state × every event of the one transition table: the legal ones lead where the table says, every
// other one is refused with a reason — and the table holds exactly Vultron's embargo moves.
import { describe, expect, it } from 'vitest';
import { EMBARGO_ALREADY_ENDED, EMBARGO_EXITED, EMBARGO_PROPOSAL_OPEN, EMBARGO_STATES } from '@cvdp/core';
import { EMBARGO_EVENTS, TRANSITIONS, transition } from './machine.ts';

const LEGAL = [
  'none propose proposed',
  'active propose_change revising',
  'proposed accept active',
  'revising accept active',
  'proposed decline none',
  'revising decline active',
  'active end_on_date exited',
  'revising end_on_date exited',
  'active end_early exited',
  'revising end_early exited',
  'active breach exited',
  'revising breach exited',
];

describe('the embargo state machine', () => {
  const cases = EMBARGO_STATES.flatMap((state) => EMBARGO_EVENTS.map((event) => [state, event] as const));

  it.each(cases)('%s + %s', (state, event) => {
    const legal = LEGAL.find((l) => l.startsWith(`${state} ${event} `));
    const result = transition(state, event);
    if (legal) expect(result).toEqual({ ok: true, to: legal.split(' ')[2] });
    else {
      expect(result.ok).toBe(false);
      expect(result.ok === false && result.reason.length).toBeGreaterThan(10);
    }
  });

  it('holds exactly the legal moves (nothing more in the table)', () => {
    const table = Object.entries(TRANSITIONS).flatMap(([event, moves]) =>
      Object.entries(moves).map(([from, to]) => `${from} ${event} ${to}`),
    );
    expect(table.sort()).toEqual([...LEGAL].sort());
  });

  it('names why: a second proposal, or anything after the end', () => {
    expect(transition('proposed', 'propose')).toEqual({ ok: false, reason: EMBARGO_PROPOSAL_OPEN });
    expect(transition('revising', 'propose_change')).toEqual({ ok: false, reason: EMBARGO_PROPOSAL_OPEN });
    // Exited is final (Vultron; one embargo per case): no new proposal, no second end.
    expect(transition('exited', 'propose')).toEqual({ ok: false, reason: EMBARGO_EXITED });
    expect(transition('exited', 'propose_change')).toEqual({ ok: false, reason: EMBARGO_EXITED });
    expect(transition('exited', 'breach')).toEqual({ ok: false, reason: EMBARGO_ALREADY_ENDED });
    expect(transition('exited', 'end_early')).toEqual({ ok: false, reason: EMBARGO_ALREADY_ENDED });
  });
});
