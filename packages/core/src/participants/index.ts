// Case participants (issue 9): users or groups with a role in a case.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';
import { CASE_ROLES } from '../cases/roles.ts';
import { userRefSchema } from '../cases/user-ref.ts';

const roleField = z.enum(CASE_ROLES, `Unknown role: use one of ${CASE_ROLES.join(', ')}.`);

/** POST /api/case/{id}/participants/: emails of users or names of groups, all with one role. */
export const participantAddSchema = z.object({
  names: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(z.string().trim().min(1, 'This field is required.').max(254))
        .min(1, 'This field is required.')
        .max(100),
    ),
  role: roleField,
});

export const participantUpdateSchema = z.object({ role: roleField }).strict();

export const participantListQuery = z.object({ role: roleField.optional() });

/** POST /case/{id}/participants/notify/: the participants to send the case notice to. */
export const participantNotifySchema = z.object({
  participants: z
    .union([idValue, z.array(idValue)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).min(1, 'This field is required.').max(500)),
});

export const participantSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['user', 'group']),
  name: z.string().describe("The user's or the group's name."),
  email: z
    .string()
    .nullable()
    .describe(
      "A user's email, shown to staff and to the user themselves; null for a group and for other callers.",
    ),
  user: z.number().int().nullable().describe("The user's id (null for a group)."),
  group: z.number().int().nullable().describe("The group's id (null for a user)."),
  group_kind: z.string().nullable().describe("A group's kind (vendor, team); null for a user."),
  role: z.enum(CASE_ROLES),
  added: z.string(),
  added_by: userRefSchema.nullable(),
  notified: z.string().nullable().describe('When the case notice was last sent to this participant.'),
  seen: z.string().nullable().describe('When this user (or, for a group, any member) last opened the case.'),
});
export type Participant = z.infer<typeof participantSchema>;

/** POST answers what was added. */
export const participantsAddedSchema = z.object({
  added: z.array(participantSchema),
  skipped: z
    .array(z.string())
    .describe('Names sent that already took part in the case: left as they were (PATCH changes a role).'),
});
export type ParticipantsAdded = z.infer<typeof participantsAddedSchema>;

/** POST /case/{id}/participants/notify/ and /notify/all/ (all: every vendor participant). */
export const participantsNotifiedSchema = z.object({
  notified: z.array(participantSchema).describe('The participants whose notified time was set.'),
  recipients: z
    .number()
    .int()
    .describe(
      'How many users were told (group members included; muted, inactive users and the sender are not).',
    ),
  contact_emails: z
    .number()
    .int()
    .describe("Emails queued to groups' contact addresses (beside their members' accounts)."),
});
export type ParticipantsNotified = z.infer<typeof participantsNotifiedSchema>;

/** GET /api/case/{id}/participants/summary/ */
export const participantsSummarySchema = z.object({
  total: z.number().int(),
  by_role: z.record(z.enum(CASE_ROLES), z.number().int()),
  notified: z.number().int(),
  seen: z.number().int(),
});
export type ParticipantsSummary = z.infer<typeof participantsSummarySchema>;

export const UNKNOWN_PARTICIPANT = (name: string) => `No user or group is called "${name}".`;
export const LAST_OWNER_MESSAGE = 'An active case keeps at least one owner.';
export const NO_VENDORS_TO_NOTIFY = 'This case has no vendor participants to notify.';
export const NOT_A_CASE_PARTICIPANT = (id: number) => `${id} is not a participant of this case.`;
