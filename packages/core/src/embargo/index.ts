// The embargo of a case (issue 25): the agreement about *when* a case may become public, after CERT/CC
// Vultron's embargo model — none → proposed → active → (revising while a change is proposed) → exited.
// The input schemas the page and the server share, the texts of the refusals, and the answers. Times are ISO
// 8601 UTC instants on the wire; an end sent as a date alone means 12:00 UTC that day (as VINCE does).
import { z } from 'zod';
import { userRefSchema } from '../cases/user-ref.ts';

import { EMBARGO_STATES } from './states.ts';

export { EMBARGO_STATES, type EmbargoState, EMBARGO_STATE_LABELS, EMBARGO_EXITED } from './states.ts';

/** How an embargo ended: on its date, early by the coordinator, or broken by a participant's report. */
export const EMBARGO_EXIT_KINDS = ['ended', 'ended_early', 'broken'] as const;
export type EmbargoExitKind = (typeof EMBARGO_EXIT_KINDS)[number];

export const EMBARGO_ANSWERS = ['accept', 'decline'] as const;
export type EmbargoAnswer = (typeof EMBARGO_ANSWERS)[number];

export const EMBARGO_REASON_MAX = 2_000;
export const EMBARGO_EVIDENCE_MAX = 10_000;

// Refusals (each names what is wrong; nothing is changed).
export const EMBARGO_END_IN_PAST = 'The end must be in the future.';
export const EMBARGO_END_INVALID =
  'The end is a date (yyyy-MM-dd, meaning 12:00 UTC) or an instant with its offset (e.g. 2027-01-31T12:00:00Z).';
export const EMBARGO_PROPOSAL_OPEN =
  'Another proposal for this embargo is still open: it must be decided before a new one is made.';
export const EMBARGO_CHANGE_NEEDS_ACTIVE =
  'There is no agreed embargo to change: participants may ask to change an active embargo only.';
/** Ending (early, or by a breach) an embargo that is already over. */
export const EMBARGO_ALREADY_ENDED = 'The embargo of this case has already ended.';
export const EMBARGO_ONLY_VENDOR_ANSWERS =
  "Only the case's vendor participants answer a proposal (the coordinator decides it).";
export const EMBARGO_ALREADY_ANSWERED = 'Your vendor has already answered this proposal.';
export const EMBARGO_OWN_PROPOSAL =
  'You made this proposal: the other participants and the coordinator answer it.';
export const EMBARGO_PROPOSAL_CLOSED = 'This proposal has already been decided.';
export const EMBARGO_NONE = 'This case has no embargo in force.';
export const EMBARGO_ONLY_STAFF_PROPOSE =
  'Only coordinators propose an embargo; participants may ask to change one.';
export const EMBARGO_ONLY_STAFF_EXIT = 'Only coordinators end an embargo early.';
export const EMBARGO_REASON_REQUIRED = 'Give a reason.';
export const EMBARGO_EVIDENCE_REQUIRED =
  'Describe the public disclosure or exploitation you saw (a link helps).';

/** 12:00 UTC of a date alone; an instant as it is. Null when it is neither. */
export function parseEmbargoEnd(text: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = new Date(`${text}T12:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : d;
  }
  // An instant must carry its offset: a local time without one would mean different moments to different readers.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

const endSchema = z
  .string(EMBARGO_END_INVALID)
  .trim()
  .transform((text, ctx) => {
    const at = parseEmbargoEnd(text);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: EMBARGO_END_INVALID });
      return z.NEVER;
    }
    return at.toISOString();
  });

const reason = z
  .string(EMBARGO_REASON_REQUIRED)
  .trim()
  .min(1, EMBARGO_REASON_REQUIRED)
  .max(EMBARGO_REASON_MAX, `At most ${EMBARGO_REASON_MAX.toLocaleString('en')} characters.`);

/** POST /api/case/{id}/embargo/proposals/ — the end (a date: 12:00 UTC) and why. */
export const embargoProposalSchema = z.object({ end: endSchema, reason }).strict();
export type EmbargoProposalInput = z.input<typeof embargoProposalSchema>;

/** PATCH /api/case/embargo/proposals/{id}/ — a vendor's answer, or the coordinator's decision. */
export const embargoAnswerSchema = z
  .object({
    answer: z.enum(EMBARGO_ANSWERS, 'answer is accept or decline.'),
    comment: z.string().trim().max(EMBARGO_REASON_MAX).default(''),
  })
  .strict();
export type EmbargoAnswerInput = z.input<typeof embargoAnswerSchema>;

/** POST /api/case/{id}/embargo/exit/ (staff). */
export const embargoExitSchema = z.object({ reason }).strict();
export type EmbargoExitInput = z.input<typeof embargoExitSchema>;

/** POST /api/case/{id}/embargo/breach/ (any participant). */
export const embargoBreachSchema = z
  .object({
    evidence: z
      .string(EMBARGO_EVIDENCE_REQUIRED)
      .trim()
      .min(1, EMBARGO_EVIDENCE_REQUIRED)
      .max(EMBARGO_EVIDENCE_MAX, `At most ${EMBARGO_EVIDENCE_MAX.toLocaleString('en')} characters.`),
  })
  .strict();
export type EmbargoBreachInput = z.input<typeof embargoBreachSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers.

export const embargoVendorAnswerSchema = z.object({
  participant: z.object({ id: z.number().int(), name: z.string() }),
  answer: z.enum([...EMBARGO_ANSWERS, 'none']).describe("'none': not answered (yet)."),
  comment: z.string(),
  answered_by: userRefSchema.nullable(),
  answered: z.string().nullable(),
});
export type EmbargoVendorAnswer = z.infer<typeof embargoVendorAnswerSchema>;

export const embargoProposalViewSchema = z.object({
  id: z.number().int(),
  kind: z
    .enum(['start', 'change'])
    .describe('start: the first end; change: a new end for an agreed embargo.'),
  end: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'accepted', 'declined', 'lapsed']),
  proposed_by: userRefSchema.nullable(),
  /** The vendor or reporter participant asking for a change (null: a coordinator proposed it). */
  proposed_for: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  proposed: z.string(),
  answers: z.array(embargoVendorAnswerSchema),
  decided_by: userRefSchema.nullable(),
  decided: z.string().nullable(),
  decision_comment: z.string(),
  /** The caller may answer it now (a vendor participant that has not answered), or decide it (staff). */
  can_answer: z.boolean(),
  can_decide: z.boolean(),
});
export type EmbargoProposalView = z.infer<typeof embargoProposalViewSchema>;

/** GET /api/case/{id}/embargo/ */
export const embargoViewSchema = z.object({
  case: z.number().int(),
  state: z.enum(EMBARGO_STATES),
  end: z.string().nullable().describe('The agreed end (UTC instant); null before one is agreed.'),
  exit_kind: z.enum(EMBARGO_EXIT_KINDS).nullable(),
  exit_reason: z.string(),
  exited: z.string().nullable(),
  open_proposal: embargoProposalViewSchema.nullable(),
  /** Every proposal, newest first (what was agreed, by whom and when). */
  history: z.array(embargoProposalViewSchema),
  can_propose: z.boolean(),
  can_exit: z.boolean(),
  can_report_breach: z.boolean(),
});
export type EmbargoView = z.infer<typeof embargoViewSchema>;

export const embargoLogEntrySchema = z.object({
  seq: z.number().int(),
  kind: z.string(),
  actor: userRefSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type EmbargoLogEntry = z.infer<typeof embargoLogEntrySchema>;

/** GET /api/case/{id}/embargo/log/ */
export const embargoLogSchema = z.object({
  verified: z.boolean().describe('Every entry hashes to what the next one holds, and the head is the last.'),
  first_broken: z.number().int().nullable().describe('The seq of the first entry that does not verify.'),
  entries: z.array(embargoLogEntrySchema),
});
export type EmbargoLog = z.infer<typeof embargoLogSchema>;

export const EMBARGO_LOG_KIND_LABELS: Record<string, string> = {
  proposed: 'Proposed',
  answered: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  ended: 'Ended on its date',
  ended_early: 'Ended early',
  broken: 'Broken',
  override: 'Publication override',
};
