// The embargo's states, their labels and the "ended" text, apart from the zod schemas of embargo/index.ts:
// the case page's embargo card needs them, and a module with schemas at its top level would bring zod into
// every case page with it (the bundler keeps a module's top-level calls once anything of it is used).
export const EMBARGO_STATES = ['none', 'proposed', 'active', 'revising', 'exited'] as const;
export type EmbargoState = (typeof EMBARGO_STATES)[number];

export const EMBARGO_STATE_LABELS: Record<EmbargoState, string> = {
  none: 'No embargo',
  proposed: 'Proposed',
  active: 'Active',
  revising: 'Change proposed',
  exited: 'Ended',
};

/**
 * A proposal after the end (the 409, and the exited card says it too): after Vultron's model a case has ONE
 * embargo, and `exited` is final — a new end for a disclosure that has happened would bind nobody.
 */
export const EMBARGO_EXITED =
  'The embargo of this case has ended, and a case has only one embargo: a new one cannot be proposed.';
