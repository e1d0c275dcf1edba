// Guard rails on publishing an advisory, and publication on a schedule (issue 25 items 4 and 5). The
// server computes the blockers (what stands between the latest revision and the world); the page shows
// the same list before anything happens. Staff may publish over them with a reason, which is recorded.
// A coordinator may also schedule publication at the embargo's end or at an instant: a worker publishes
// the latest shared revision then, or — if blockers remain — tells the case's owners and publishes nothing.
import { z } from 'zod';

export const BLOCKER_CODES = [
  'approval_pending',
  'approval_declined',
  'embargo_active',
  'csaf_invalid',
  'cve_missing',
  'cve_record_invalid',
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

/** One reason not to publish yet: what it is, in words, what to do about it, and where (a web path). */
export const blockerSchema = z.object({
  code: z.enum(BLOCKER_CODES),
  message: z.string(),
  fix: z.string(),
  link: z
    .string()
    .describe('Where the fix is made, a path in the web app (e.g. /cvdp/cases/12?tab=advisory)'),
});
export type Blocker = z.infer<typeof blockerSchema>;

/** GET /api/case/{id}/advisory/blockers/ (staff): what publishing the latest revision now would be blocked by. */
export const blockersAnswerSchema = z.object({
  revision: z.number().int().nullable(),
  blockers: z.array(blockerSchema),
});
export type BlockersAnswer = z.infer<typeof blockersAnswerSchema>;

export const PUBLICATION_BLOCKED =
  'The advisory cannot be published yet: the blockers are listed. Resolve them, or publish anyway with override_reason (staff).';
export const OVERRIDE_REASON_REQUIRED = 'Say why the advisory is published despite its blockers.';
export const OVERRIDE_REASON_MAX = 2000;

/**
 * The 409s of PATCH …/advisory/latest/: publishing blocked (`blockers`), or another conflict in the one error
 * shape (`errors`, e.g. publishing before sharing).
 */
export const publicationBlockedSchema = z.object({
  detail: z.string(),
  blockers: z.array(blockerSchema).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The override of the blockers (staff): a reason, required and not blank when sent. */
export const overrideReasonSchema = z
  .string()
  .trim()
  .min(1, OVERRIDE_REASON_REQUIRED)
  .max(OVERRIDE_REASON_MAX, `At most ${OVERRIDE_REASON_MAX.toLocaleString('en')} characters.`);

// ---------------------------------------------------------------------------------------------------------
// Scheduled publication.

export const SCHEDULE_WHEN = ['embargo_end', 'at'] as const;
export const SCHEDULE_STATES = ['scheduled', 'published', 'blocked', 'cancelled'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

export const SCHEDULE_NEEDS_SHARED =
  'Share the latest revision before scheduling its publication: only a shared revision is published on a schedule.';
export const SCHEDULE_NO_EMBARGO =
  'This case has no embargo ending in the future: schedule at an instant instead.';
export const SCHEDULE_IN_PAST = 'The time of publication must be in the future.';
export const SCHEDULE_EXISTS = 'A publication is already scheduled for this case: cancel it first.';
export const SCHEDULE_NONE = 'No publication is scheduled for this case.';
export const SCHEDULE_AT_REQUIRED = 'Give the instant of publication (at) when scheduling at an instant.';

/** POST /api/case/{id}/advisory/publication/ (staff). */
export const scheduleRequestSchema = z
  .object({
    when: z.enum(SCHEDULE_WHEN),
    /** ISO 8601 with an offset (e.g. 2026-12-01T12:00:00Z); only with when: 'at'. */
    at: z.iso.datetime({ offset: true, message: 'An ISO 8601 date and time with a time zone.' }).optional(),
    /** Publish the CVE records of the covered vulnerabilities through the active CVE account too. */
    publish_cves: z.boolean().default(false),
  })
  .refine((v) => v.when !== 'at' || v.at !== undefined, { message: SCHEDULE_AT_REQUIRED, path: ['at'] })
  .refine((v) => v.when !== 'embargo_end' || v.at === undefined, {
    message: 'Send at only with when: "at".',
    path: ['at'],
  });
export type ScheduleRequest = z.input<typeof scheduleRequestSchema>;

export const scheduleSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  when: z.enum(SCHEDULE_WHEN),
  /** The instant it is due (for embargo_end: the embargo's end as last seen; it follows the embargo). */
  due: z.string(),
  publish_cves: z.boolean(),
  state: z.enum(SCHEDULE_STATES),
  /** What stopped it (state blocked). */
  blockers: z.array(blockerSchema),
  /** The revision it published (state published). */
  revision: z.number().int().nullable(),
  /** CVE records sent, or why not (publish_cves). */
  cve_results: z.array(z.object({ cve_id: z.string(), ok: z.boolean(), message: z.string() })),
  created: z.string(),
  finished: z.string().nullable(),
});
export type PublicationSchedule = z.infer<typeof scheduleSchema>;

/** GET /api/case/{id}/advisory/publication/ (staff): the current schedule (the latest one), or null. */
export const scheduleAnswerSchema = z.object({ schedule: scheduleSchema.nullable() });
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

/**
 * POST /api/test/clock/ (admin; only with CVDP_TEST_CLOCK=on): move the service's clock ahead; DELETE puts it
 * back to real time. Both answer the clock's time now.
 */
export const testClockAdvanceSchema = z.object({
  advance_seconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400),
});
export const testClockAnswerSchema = z.object({ now: z.string() });
