// The JSON the coordination service answers for accounts, groups and API tokens (shared by the server's
// views and the web client). Times are ISO 8601 UTC strings.
// CurrentUser (GET /api/user/, POST /api/auth/login/) lives in ../auth beside the account input rules.
import { z } from 'zod';
import { currentUserSchema, type CurrentUser } from '../auth/index.ts';

/** One group the user belongs to, as listed in `CurrentUser.groups`. */
export type UserGroupMembership = CurrentUser['groups'][number];

/**
 * POST /api/auth/register/ (201): the registration, pending an administrator's approval. The same answer for
 * an address that already has an account (its owner is emailed instead), so it carries no account id.
 */
export const registrationResultSchema = z.object({
  email: z.string(),
  name: z.string(),
  pending: z.literal(true),
  detail: z.string().describe('ACCOUNT_PENDING_MESSAGE'),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

/** What an administrator sees of a user: GET /manage/users/, /manage/users/pending/, PATCH /manage/users/{id}/. */
export const adminUserSchema = currentUserSchema.extend({
  is_active: z.boolean(),
  pending: z.boolean(),
  date_joined: z.string(),
  approved_at: z.string().nullable(),
  last_login: z.string().nullable(),
});
export type AdminUser = Omit<z.infer<typeof adminUserSchema>, 'roles'> & CurrentUser;

/** A group in the directory (GET /api/groups/, /manage/groups/) and as POST /manage/groups/ answers it. */
export const groupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string().describe("'vendor' | 'team'"),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** POST /api/group/request/ (201): the request just made. */
export const groupJoinRequestCreatedSchema = z.object({
  id: z.number().int(),
  group: groupSummarySchema,
  status: z.string().describe("'pending' | 'approved' | 'rejected'"),
  created: z.string(),
});
export type GroupJoinRequestCreated = z.infer<typeof groupJoinRequestCreatedSchema>;

/** A request to join a group, as GET /manage/groups/requests/ lists it. */
export const groupJoinRequestSchema = z.object({
  id: z.number().int(),
  group: groupSummarySchema,
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  message: z.string(),
  status: z.string().describe("'pending' | 'approved' | 'rejected'"),
  created: z.string(),
});
export type GroupJoinRequest = z.infer<typeof groupJoinRequestSchema>;

/** PATCH /manage/groups/requests/{id}/: the decision taken. */
export const groupJoinRequestDecisionSchema = z.object({
  id: z.number().int(),
  status: z.enum(['approved', 'rejected']),
});
export type GroupJoinRequestDecision = z.infer<typeof groupJoinRequestDecisionSchema>;

/** An API token without its key: GET /api/user/tokens/, GET /manage/tokens/. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it.'),
  user: z.number().int().describe("The owner's user id."),
  created: z.string(),
  last_used: z.string().nullable(),
  revoked: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/user/tokens/ (201): the only answer that carries the key. */
export const apiTokenWithKeySchema = apiTokenSchema.extend({ key: z.string() });
export type ApiTokenWithKey = z.infer<typeof apiTokenWithKeySchema>;
