// The JSON the coordination service answers for accounts, groups and API tokens (shared by the server's
// views and the web client). Times are ISO 8601 UTC strings.
// CurrentUser (GET /api/user/, POST /api/auth/login/) lives in ../auth beside the account input rules.
import { z } from 'zod';
import type { CurrentUser } from '../auth/index.ts';

/** One group the user belongs to, as listed in `CurrentUser.groups`. */
export type UserGroupMembership = CurrentUser['groups'][number];

/** POST /api/auth/register/ (201): the new account, pending an administrator's approval. */
export interface RegistrationResult {
  id: number;
  email: string;
  name: string;
  pending: true;
  /** ACCOUNT_PENDING_MESSAGE */
  detail: string;
}

/** What an administrator sees of a user: GET /manage/users/, /manage/users/pending/, PATCH /manage/users/{id}/. */
export interface AdminUser extends CurrentUser {
  is_active: boolean;
  pending: boolean;
  date_joined: string;
  approved_at: string | null;
  last_login: string | null;
}

/** A group in the directory (GET /api/groups/, /manage/groups/) and as POST /manage/groups/ answers it. */
export interface GroupSummary {
  id: number;
  name: string;
  /** 'vendor' | 'team' */
  kind: string;
}

/** POST /api/group/request/ (201): the request just made. */
export interface GroupJoinRequestCreated {
  id: number;
  group: GroupSummary;
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  created: string;
}

/** A request to join a group, as GET /manage/groups/requests/ lists it. */
export interface GroupJoinRequest {
  id: number;
  group: GroupSummary;
  user: { id: number; email: string; name: string };
  message: string;
  /** 'pending' | 'approved' | 'rejected' */
  status: string;
  created: string;
}

/** PATCH /manage/groups/requests/{id}/: the decision taken. */
export interface GroupJoinRequestDecision {
  id: number;
  status: 'approved' | 'rejected';
}

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
