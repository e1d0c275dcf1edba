// Case participants (issue 9): users or groups with a role in a case.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';
import { CASE_ROLES, type CaseRole } from '../cases/roles.ts';
import type { UserRef } from '../cases/wire.ts';

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

export interface Participant {
  id: number;
  kind: 'user' | 'group';
  /** The user's or the group's name. */
  name: string;
  /** A user's email, shown to staff and to the user themselves; null for a group and for other callers. */
  email: string | null;
  /** The user's or group's id. */
  user: number | null;
  group: number | null;
  /** A group's kind (vendor, team); null for a user. */
  group_kind: string | null;
  role: CaseRole;
  added: string;
  added_by: UserRef | null;
  /** When the case notice was last sent to this participant. */
  notified: string | null;
  /** When this user (or, for a group, any member) last opened the case. */
  seen: string | null;
}

/** POST answers what was added. */
export interface ParticipantsAdded {
  added: Participant[];
  /** Names sent that already took part in the case: left as they were (PATCH changes a role). */
  skipped: string[];
}

/** POST /case/{id}/participants/notify/ and /notify/all/ (all: every vendor participant). */
export interface ParticipantsNotified {
  /** The participants whose notified time was set. */
  notified: Participant[];
  /** How many users were told (group members included; muted, inactive users and the sender are not). */
  recipients: number;
  /** Emails queued to groups' contact addresses (beside their members' accounts). */
  contact_emails: number;
}

/** GET /api/case/{id}/participants/summary/ */
export interface ParticipantsSummary {
  total: number;
  by_role: Record<CaseRole, number>;
  notified: number;
  seen: number;
}

export const UNKNOWN_PARTICIPANT = (name: string) => `No user or group is called "${name}".`;
export const LAST_OWNER_MESSAGE = 'An active case keeps at least one owner.';
export const NO_VENDORS_TO_NOTIFY = 'This case has no vendor participants to notify.';
export const NOT_A_CASE_PARTICIPANT = (id: number) => `${id} is not a participant of this case.`;
