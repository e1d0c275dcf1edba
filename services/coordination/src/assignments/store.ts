// Assignment queries and changes: coordinators assigned to cases, by hand or round robin through an
// auto-assignment role, unassigning (the rows stay, with who ended them and why), and the roles themselves
// (manage/autoassignment/). No HTTP here.
//
// Round robin: a role's members in the order they were added; the role row remembers who got the last case
// (last_user_id) and the next case goes to the member after them. The role row is locked (FOR UPDATE) while
// the next member is picked and recorded, so concurrent auto-assignments take turns instead of both picking
// the same member.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AutoAssignmentRole,
  type CaseAssignment,
  EMPTY_ROLE,
  NOT_ASSIGNABLE,
  type UserRef,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, mapUniqueViolations, recordActivity, users } from '@cvdp/server-kit';
import { cases } from '../cases/tables.ts';
import { markFirstResponse } from '../cases/store.ts';
import { notify } from '../notifications/notify.ts';
import { type Caller, type CaseAccess, filter } from '../policy/index.ts';
import { autoAssignmentMembers, autoAssignmentRoles, caseAssignments } from './tables.ts';

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

export const UNKNOWN_ROLE = (name: string) => `No auto-assignment role is called "${name}".`;
export const NOT_ASSIGNED = (id: number) => `User ${id} is not assigned to this case.`;
export const DUPLICATE_ROLE_NAME = 'An auto-assignment role with this name already exists.';
export const NOT_A_MEMBER = 'This user is not a member of the role.';

/** An active, approved user holding the coordinator role. */
const assignable = sql`'coordinator' = any(${users.roles}) and ${users.isActive} and not ${users.pending}`;

// ---------------------------------------------------------------------------------------------------------
// Reading assignments.

const assignee = alias(users, 'assignee');
const assigner = alias(users, 'assigner');

function selectAssignments(db: Db | Tx) {
  return db
    .select({
      a: caseAssignments,
      caseTitle: cases.title,
      caseStatus: cases.status,
      userName: assignee.name,
      byName: assigner.name,
    })
    .from(caseAssignments)
    .innerJoin(cases, eq(cases.id, caseAssignments.caseId))
    .innerJoin(assignee, eq(assignee.id, caseAssignments.userId))
    .leftJoin(assigner, eq(assigner.id, caseAssignments.assignedBy));
}

type SelectedAssignment = Awaited<ReturnType<ReturnType<typeof selectAssignments>['execute']>>[number];

const assignmentView = (r: SelectedAssignment): CaseAssignment => ({
  id: r.a.id,
  case: r.a.caseId,
  case_title: r.caseTitle,
  case_status: r.caseStatus,
  user: { id: r.a.userId, name: r.userName },
  assigned_by: r.a.assignedBy !== null && r.byName !== null ? { id: r.a.assignedBy, name: r.byName } : null,
  via: r.a.via,
  created: r.a.createdAt.toISOString(),
});

/** The caller's current assignments on cases they may see (staff: the policy's assignment.read). */
function mine(caller: Caller): SQL | undefined {
  return and(
    eq(caseAssignments.userId, caller.userId),
    isNull(caseAssignments.unassignedAt),
    filter('assignment.read', caller),
  );
}

export async function countMyAssignments(db: Db, caller: Caller): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(caseAssignments).where(mine(caller));
  return n;
}

export async function listMyAssignments(db: Db, caller: Caller, limit: number, offset: number) {
  const rows = await selectAssignments(db)
    .where(mine(caller))
    .orderBy(desc(caseAssignments.createdAt), desc(caseAssignments.id))
    .limit(limit)
    .offset(offset);
  return rows.map(assignmentView);
}

/** The case's current assignments, in the order they were made. */
export async function caseAssignmentsOf(db: Db | Tx, caseId: number): Promise<CaseAssignment[]> {
  const rows = await selectAssignments(db)
    .where(and(eq(caseAssignments.caseId, caseId), isNull(caseAssignments.unassignedAt)))
    .orderBy(asc(caseAssignments.createdAt), asc(caseAssignments.id));
  return rows.map(assignmentView);
}

// ---------------------------------------------------------------------------------------------------------
// Assigning.

/** The members of a role who can take cases now (active coordinators), in the order they were added. */
async function eligibleMembers(tx: Db | Tx, roleId: number): Promise<UserRef[]> {
  return tx
    .select({ id: users.id, name: users.name })
    .from(autoAssignmentMembers)
    .innerJoin(users, eq(users.id, autoAssignmentMembers.userId))
    .where(and(eq(autoAssignmentMembers.roleId, roleId), assignable))
    .orderBy(asc(autoAssignmentMembers.addedAt), asc(autoAssignmentMembers.userId));
}

/** The members in turn order: starting after the one who got the last case (or from the first). */
function inTurn<T extends { id: number }>(members: T[], lastUserId: number | null): T[] {
  const i = members.findIndex((m) => m.id === lastUserId);
  return [...members.slice(i + 1), ...members.slice(0, i + 1)];
}

export interface AssignResult {
  assignment: CaseAssignment;
  /** False when the user was already assigned (nothing changed). */
  created: boolean;
}

/**
 * Assigns a coordinator to the case — `user` by id, or through the auto-assignment role `role` (by name,
 * case-insensitive): the next member in turn who is not already on the case. Notifies the assignee and
 * writes the activity row; assigning someone already assigned changes nothing.
 */
export async function assignCase(
  db: Db,
  access: CaseAccess,
  actor: { id: number; name: string },
  input: { user?: number; role?: string },
  publicUrl: string | undefined,
): Promise<AssignResult> {
  return db.transaction(async (tx) => {
    const current = new Set(
      (
        await tx
          .select({ userId: caseAssignments.userId })
          .from(caseAssignments)
          .where(and(eq(caseAssignments.caseId, access.caseId), isNull(caseAssignments.unassignedAt)))
      ).map((r) => r.userId),
    );
    let userId: number;
    let via = 'manual';
    if (input.role !== undefined) {
      const [role] = await tx
        .select()
        .from(autoAssignmentRoles)
        .where(eq(sql`lower(${autoAssignmentRoles.name})`, input.role.toLowerCase()))
        .for('update');
      if (!role) throw badField('role', UNKNOWN_ROLE(input.role));
      const members = await eligibleMembers(tx, role.id);
      if (members.length === 0) throw badField('role', EMPTY_ROLE);
      const turn = inTurn(members, role.lastUserId);
      const next = turn.find((m) => !current.has(m.id));
      if (!next) {
        // Every member is on the case already: nothing to do, and nobody's turn is used up.
        const [existing] = (await caseAssignmentsOf(tx, access.caseId)).filter(
          (a) => a.user.id === turn[0].id,
        );
        return { assignment: existing, created: false };
      }
      await tx
        .update(autoAssignmentRoles)
        .set({ lastUserId: next.id })
        .where(eq(autoAssignmentRoles.id, role.id));
      userId = next.id;
      via = role.name;
    } else {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.user!), assignable));
      if (!user) throw badField('user', NOT_ASSIGNABLE);
      userId = user.id;
    }

    const [row] = await tx
      .insert(caseAssignments)
      .values({ caseId: access.caseId, userId, assignedBy: actor.id, via })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [existing] = (await caseAssignmentsOf(tx, access.caseId)).filter((a) => a.user.id === userId);
      return { assignment: existing, created: false };
    }
    await recordActivity(tx, {
      actorId: actor.id,
      caseId: access.caseId,
      verb: 'assigned',
      objectType: 'assignment',
      objectId: row.id,
      after: { user: userId, via },
    });
    await notify(tx, {
      caseId: access.caseId,
      kind: 'assigned',
      actorId: actor.id,
      userIds: [userId],
      title: `${actor.name} assigned case #${access.caseId} to you`,
      publicUrl: publicUrl ?? '',
    });
    await markFirstResponse(tx, access.caseId);
    const [assignment] = (await caseAssignmentsOf(tx, access.caseId)).filter((a) => a.id === row.id);
    return { assignment, created: true };
  });
}

/**
 * Ends the current assignments of these users on the case (all or nothing: a user not assigned is a 400
 * naming `users`). The rows stay, with when, by whom and why. Answers the assignments that remain.
 */
export async function unassignCase(
  db: Db,
  access: CaseAccess,
  actorId: number,
  input: { users: number[]; reason: string },
): Promise<CaseAssignment[]> {
  return db.transaction(async (tx) => {
    const wanted = [...new Set(input.users)];
    const ended = await tx
      .update(caseAssignments)
      .set({ unassignedAt: sql`now()`, unassignedBy: actorId, unassignReason: input.reason })
      .where(
        and(
          eq(caseAssignments.caseId, access.caseId),
          inArray(caseAssignments.userId, wanted),
          isNull(caseAssignments.unassignedAt),
        ),
      )
      .returning();
    const endedUsers = new Set(ended.map((a) => a.userId));
    const missing = wanted.filter((id) => !endedUsers.has(id));
    if (missing.length) {
      // Throwing rolls the update back: nothing is unassigned.
      const messages = missing.map(NOT_ASSIGNED);
      throw new HttpError(400, messages[0], { users: messages });
    }
    for (const a of ended) {
      await recordActivity(tx, {
        actorId,
        caseId: access.caseId,
        verb: 'unassigned',
        objectType: 'assignment',
        objectId: a.id,
        before: { user: a.userId },
        after: { reason: input.reason },
      });
    }
    await markFirstResponse(tx, access.caseId);
    return caseAssignmentsOf(tx, access.caseId);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Auto-assignment roles (manage/autoassignment/, administrators).

type RoleRow = typeof autoAssignmentRoles.$inferSelect;

async function roleViews(db: Db | Tx, roles: RoleRow[]): Promise<AutoAssignmentRole[]> {
  if (roles.length === 0) return [];
  const members = await db
    .select({
      roleId: autoAssignmentMembers.roleId,
      id: users.id,
      name: users.name,
      eligible: sql<boolean>`(${assignable})`,
    })
    .from(autoAssignmentMembers)
    .innerJoin(users, eq(users.id, autoAssignmentMembers.userId))
    .where(
      inArray(
        autoAssignmentMembers.roleId,
        roles.map((r) => r.id),
      ),
    )
    .orderBy(asc(autoAssignmentMembers.addedAt), asc(autoAssignmentMembers.userId));
  return roles.map((role) => {
    const mine = members.filter((m) => m.roleId === role.id);
    const eligible = mine.filter((m) => m.eligible).map(({ id, name }) => ({ id, name }));
    return {
      id: role.id,
      name: role.name,
      users: mine.map(({ id, name }) => ({ id, name })),
      next_user: inTurn(eligible, role.lastUserId)[0] ?? null,
    };
  });
}

export async function countRoles(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(autoAssignmentRoles);
  return n;
}

export async function listRoles(db: Db, limit: number, offset: number): Promise<AutoAssignmentRole[]> {
  const rows = await db
    .select()
    .from(autoAssignmentRoles)
    .orderBy(sql`lower(${autoAssignmentRoles.name})`, asc(autoAssignmentRoles.id))
    .limit(limit)
    .offset(offset);
  return roleViews(db, rows);
}

export async function findRole(db: Db | Tx, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(autoAssignmentRoles).where(eq(autoAssignmentRoles.id, id));
  return row;
}

/** Refuses (400 naming `field`) any id that is not an active coordinator. */
async function requireCoordinators(tx: Tx, ids: number[], field: string) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), assignable));
  const ok = new Set(rows.map((r) => r.id));
  if (ids.some((id) => !ok.has(id))) throw badField(field, NOT_ASSIGNABLE);
}

/**
 * Adds members after the existing ones. Their order is their added_at: each new member gets a time after
 * the role's latest (a millisecond apart), so members added in one request keep the order they were sent in.
 */
async function addMembers(tx: Tx, roleId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [{ start }] = await tx
    .select({
      start:
        sql<Date>`greatest(now(), coalesce(max(${autoAssignmentMembers.addedAt}) + interval '1 millisecond', now()))`.mapWith(
          autoAssignmentMembers.addedAt,
        ),
    })
    .from(autoAssignmentMembers)
    .where(eq(autoAssignmentMembers.roleId, roleId));
  const base = new Date(start).getTime() + 1;
  const added = await tx
    .insert(autoAssignmentMembers)
    .values(ids.map((userId, i) => ({ roleId, userId, addedAt: new Date(base + i) })))
    .onConflictDoNothing()
    .returning();
  return added.length;
}

const nameClash = {
  auto_assignment_roles_name_lower_idx: { field: 'name', message: DUPLICATE_ROLE_NAME },
};

export async function createRole(
  db: Db,
  actorId: number,
  input: { name: string; users: number[] },
): Promise<AutoAssignmentRole> {
  return mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const ids = [...new Set(input.users)];
        await requireCoordinators(tx, ids, 'users');
        const [role] = await tx.insert(autoAssignmentRoles).values({ name: input.name }).returning();
        await addMembers(tx, role.id, ids);
        await recordActivity(tx, {
          actorId,
          verb: 'created auto-assignment role',
          objectType: 'auto_assignment_role',
          objectId: role.id,
          after: { name: role.name, users: ids },
        });
        return (await roleViews(tx, [role]))[0];
      }),
    nameClash,
  );
}

export async function updateRole(
  db: Db,
  actorId: number,
  id: number,
  input: { name?: string; add_user?: number; remove_user?: number },
): Promise<AutoAssignmentRole | null> {
  return mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const [role] = await tx
          .select()
          .from(autoAssignmentRoles)
          .where(eq(autoAssignmentRoles.id, id))
          .for('update');
        if (!role) return null;
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (input.remove_user !== undefined) {
          const removed = await tx
            .delete(autoAssignmentMembers)
            .where(
              and(eq(autoAssignmentMembers.roleId, id), eq(autoAssignmentMembers.userId, input.remove_user)),
            )
            .returning();
          if (removed.length === 0) throw badField('remove_user', NOT_A_MEMBER);
          after.removed_user = input.remove_user;
        }
        if (input.add_user !== undefined && input.add_user !== input.remove_user) {
          await requireCoordinators(tx, [input.add_user], 'add_user');
          // Someone already in the role keeps their place.
          if (await addMembers(tx, id, [input.add_user])) after.added_user = input.add_user;
        }
        let current = role;
        if (input.name !== undefined && input.name !== role.name) {
          [current] = await tx
            .update(autoAssignmentRoles)
            .set({ name: input.name })
            .where(eq(autoAssignmentRoles.id, id))
            .returning();
          before.name = role.name;
          after.name = input.name;
        }
        if (Object.keys(after).length) {
          await recordActivity(tx, {
            actorId,
            verb: 'changed auto-assignment role',
            objectType: 'auto_assignment_role',
            objectId: id,
            before,
            after,
          });
        }
        return (await roleViews(tx, [current]))[0];
      }),
    nameClash,
  );
}

export async function deleteRole(db: Db, actorId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(autoAssignmentRoles).where(eq(autoAssignmentRoles.id, id)).returning();
    if (!gone) return false;
    await recordActivity(tx, {
      actorId,
      verb: 'deleted auto-assignment role',
      objectType: 'auto_assignment_role',
      objectId: id,
      before: { name: gone.name },
    });
    return true;
  });
}
