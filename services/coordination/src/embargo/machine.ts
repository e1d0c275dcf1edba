// The embargo's state machine (after CERT/CC Vultron's embargo model), as ONE table: for each event, the
// states it may happen in and the state it leads to. Nothing else moves an embargo: the store asks
// `transition` and refuses (409, naming why) what the table does not hold. machine.test.ts walks every
// state × event of this table, legal and illegal.
import {
  EMBARGO_ALREADY_ENDED,
  EMBARGO_CHANGE_NEEDS_ACTIVE,
  EMBARGO_EXITED,
  EMBARGO_NONE,
  EMBARGO_PROPOSAL_OPEN,
  type EmbargoState,
} from '@cvdp/core';

export type EmbargoEvent =
  /** Staff propose the first end. */
  | 'propose'
  /** Staff, or a vendor / reporter participant, propose a new end for an agreed embargo. */
  | 'propose_change'
  /** Staff decide the open proposal: it takes effect. */
  | 'accept'
  /** Staff decline the open proposal: a first proposal leaves no embargo, a change leaves the agreed end. */
  | 'decline'
  /** The clock passed the end (found on read or by the reminder worker). */
  | 'end_on_date'
  /** Staff end it early, with a reason (or the advisory was published). */
  | 'end_early'
  /** A participant reports public disclosure or active exploitation: it ends at once. */
  | 'breach';

export const EMBARGO_EVENTS: readonly EmbargoEvent[] = [
  'propose',
  'propose_change',
  'accept',
  'decline',
  'end_on_date',
  'end_early',
  'breach',
];

export const TRANSITIONS: Record<EmbargoEvent, Partial<Record<EmbargoState, EmbargoState>>> = {
  propose: { none: 'proposed' },
  propose_change: { active: 'revising' },
  accept: { proposed: 'active', revising: 'active' },
  decline: { proposed: 'none', revising: 'active' },
  end_on_date: { active: 'exited', revising: 'exited' },
  end_early: { active: 'exited', revising: 'exited' },
  breach: { active: 'exited', revising: 'exited' },
};

/** Why an event cannot happen in a state (the 409's detail). */
export function refusal(event: EmbargoEvent, state: EmbargoState): string {
  if (state === 'exited')
    return event === 'propose' || event === 'propose_change' ? EMBARGO_EXITED : EMBARGO_ALREADY_ENDED;
  if ((event === 'propose' || event === 'propose_change') && (state === 'proposed' || state === 'revising'))
    return EMBARGO_PROPOSAL_OPEN;
  if (event === 'propose_change') return EMBARGO_CHANGE_NEEDS_ACTIVE;
  if (event === 'propose') return EMBARGO_PROPOSAL_OPEN;
  if (event === 'accept' || event === 'decline') return 'There is no open proposal to decide.';
  return EMBARGO_NONE;
}

export type Transition = { ok: true; to: EmbargoState } | { ok: false; reason: string };

export function transition(state: EmbargoState, event: EmbargoEvent): Transition {
  const to = TRANSITIONS[event][state];
  return to ? { ok: true, to } : { ok: false, reason: refusal(event, state) };
}
