// Assigning coordinators to cases (issue 9), by hand or round robin from an auto-assignment role.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';
import { userRefSchema } from '../cases/user-ref.ts';

/** POST /api/case/{id}/assign/: `user` (a coordinator's id) or `role` (an auto-assignment role's name). */
export const assignSchema = z
  .object({
    user: idValue.optional(),
    role: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => (v.user === undefined) !== (v.role === undefined), {
    message: 'Send either user or role.',
    path: ['user'],
  });

/** POST /api/case/{id}/unassign/ */
export const unassignSchema = z.object({
  users: z
    .union([idValue, z.array(idValue)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).min(1, 'This field is required.').max(100)),
  reason: z.string().trim().max(1000).default(''),
});

/** A coordinator's assignment to a case. */
export const caseAssignmentSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  case_title: z.string(),
  case_status: z.number().int(),
  user: userRefSchema,
  assigned_by: userRefSchema.nullable(),
  via: z.string().describe("'manual' or the auto-assignment role's name."),
  created: z.string(),
});
export type CaseAssignment = z.infer<typeof caseAssignmentSchema>;

/** manage/autoassignment/: a role whose users take new cases in turn. */
export const autoAssignmentRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  users: z.array(userRefSchema),
  next_user: userRefSchema.nullable().describe('Who the next auto-assignment goes to.'),
});
export type AutoAssignmentRole = z.infer<typeof autoAssignmentRoleSchema>;

export const autoAssignmentCreateSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(100),
  users: z.array(idValue).max(200).default([]),
});

/** PATCH manage/autoassignment/{id}/: add or remove a user, or rename the role. */
export const autoAssignmentUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    add_user: idValue.optional(),
    remove_user: idValue.optional(),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.add_user !== undefined || v.remove_user !== undefined, {
    message: 'Send name, add_user or remove_user.',
  });

export const NOT_ASSIGNABLE = 'Only coordinators can be assigned to a case.';
export const EMPTY_ROLE = 'This auto-assignment role has no users.';
