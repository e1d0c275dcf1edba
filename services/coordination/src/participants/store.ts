// Participant queries and changes: a case's participants (users or groups, with a role) as the page shows
// them, adding by email or group name (all or nothing), changing a role, removing, the case notice. Every
// change writes its activity row and notifications in its own transaction. No HTTP here.
//
// "A case always keeps at least one owner once activated": changes that could take the last owner away lock
// the case row first, so two coordinators demoting the two last owners at once cannot both succeed.
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CASE_ROLES,
  CASE_STATUS,
  type CaseRole,
  LAST_OWNER_MESSAGE,
  NO_VENDORS_TO_NOTIFY,
  NOT_A_CASE_PARTICIPANT,
  type Participant,
  type ParticipantsAdded,
  type ParticipantsNotified,
  type ParticipantsSummary,
  UNKNOWN_PARTICIPANT,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, groupMembers, groups, recordActivity, users } from '@cvdp/server-kit';
import { caseParticipants, caseUserStates, cases } from '../cases/tables.ts';
import { markFirstResponse } from '../cases/store.ts';
import { queueEmails } from '../email/outbox.ts';
import { raiseActionNeeded } from '../notifications/actions.ts';
import { caseLink, notify, participantUserIds } from '../notifications/notify.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import type { CaseAccess } from '../policy/index.ts';

export type ParticipantRow = typeof caseParticipants.$inferSelect;

const badField = (field: string, message: string, status = 400) =>
  new HttpError(status, message, { [field]: [message] });

const adder = alias(users, 'participant_adder');

/** When this user — or, for a group, the latest of its members — last opened the case. */
const seenAt = sql<Date | null>`case when ${caseParticipants.userId} is not null then (
    select s.last_seen_at from ${caseUserStates} s
    where s.case_id = ${caseParticipants.caseId} and s.user_id = ${caseParticipants.userId})
  else (
    select max(s.last_seen_at) from ${caseUserStates} s
    join ${groupMembers} m on m.user_id = s.user_id
    where m.group_id = ${caseParticipants.groupId} and s.case_id = ${caseParticipants.caseId})
  end`.mapWith(caseUserStates.lastSeenAt);

/** Roles in their order (owner first), then names: the order of the participants tab. */
const roleRank = sql.raw(
  `case "case_participants"."role" ${CASE_ROLES.map((r, i) => `when '${r}' then ${i}`).join(' ')} else ${CASE_ROLES.length} end`,
);

function selectParticipants(db: Db | Tx) {
  return db
    .select({
      p: caseParticipants,
      userName: users.name,
      userEmail: users.email,
      groupName: groups.name,
      groupKind: groups.kind,
      adderName: adder.name,
      seen: seenAt,
    })
    .from(caseParticipants)
    .leftJoin(users, eq(users.id, caseParticipants.userId))
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .leftJoin(adder, eq(adder.id, caseParticipants.addedBy));
}

type SelectedParticipant = Awaited<ReturnType<ReturnType<typeof selectParticipants>['execute']>>[number];

/**
 * A participant as the wire shows it. Email addresses are shown to staff (and to the user themselves):
 * vendors and reporters of one case see each other's names, not their addresses.
 */
function participantView(
  row: SelectedParticipant,
  access: Pick<CaseAccess, 'staff' | 'userId'>,
): Participant {
  const { p } = row;
  const isUser = p.userId !== null;
  return {
    id: p.id,
    kind: isUser ? 'user' : 'group',
    name: (isUser ? row.userName : row.groupName) ?? '',
    email: isUser && (access.staff || p.userId === access.userId) ? (row.userEmail ?? null) : null,
    user: p.userId,
    group: p.groupId,
    group_kind: isUser ? null : (row.groupKind ?? null),
    role: p.role as CaseRole,
    added: p.createdAt.toISOString(),
    added_by: p.addedBy !== null && row.adderName !== null ? { id: p.addedBy, name: row.adderName } : null,
    notified: p.notifiedAt ? p.notifiedAt.toISOString() : null,
    seen: row.seen ? new Date(row.seen).toISOString() : null,
  };
}

const ofCase = (caseId: number, role?: CaseRole): SQL | undefined =>
  and(eq(caseParticipants.caseId, caseId), role ? eq(caseParticipants.role, role) : undefined);

export async function countParticipants(db: Db, caseId: number, role?: CaseRole): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(caseParticipants).where(ofCase(caseId, role));
  return n;
}

export async function listParticipants(
  db: Db,
  access: CaseAccess,
  role: CaseRole | undefined,
  limit: number,
  offset: number,
): Promise<Participant[]> {
  const rows = await selectParticipants(db)
    .where(ofCase(access.caseId, role))
    .orderBy(roleRank, sql`lower(coalesce(${users.name}, ${groups.name}))`, asc(caseParticipants.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => participantView(r, access));
}

async function participantsByIds(tx: Db | Tx, access: CaseAccess, ids: number[]): Promise<Participant[]> {
  if (ids.length === 0) return [];
  const rows = await selectParticipants(tx)
    .where(inArray(caseParticipants.id, ids))
    .orderBy(asc(caseParticipants.id));
  return rows.map((r) => participantView(r, access));
}

export async function findParticipant(db: Db, id: number): Promise<ParticipantRow | undefined> {
  const [row] = await db.select().from(caseParticipants).where(eq(caseParticipants.id, id));
  return row;
}

export async function participantSummary(db: Db, caseId: number): Promise<ParticipantsSummary> {
  const rows = await db
    .select({
      role: caseParticipants.role,
      n: count(),
      notified: sql<number>`count(${caseParticipants.notifiedAt})::int`,
      seen: sql<number>`count(${seenAt})::int`,
    })
    .from(caseParticipants)
    .where(eq(caseParticipants.caseId, caseId))
    .groupBy(caseParticipants.role);
  const byRole = Object.fromEntries(CASE_ROLES.map((r) => [r, 0])) as Record<CaseRole, number>;
  let total = 0;
  let notified = 0;
  let seen = 0;
  for (const r of rows) {
    if (r.role in byRole) byRole[r.role as CaseRole] = r.n;
    total += r.n;
    notified += Number(r.notified);
    seen += Number(r.seen);
  }
  return { total, by_role: byRole, notified, seen };
}

// ---------------------------------------------------------------------------------------------------------
// Adding participants.

interface Resolved {
  name: string;
  userId: number | null;
  groupId: number | null;
}

/**
 * Emails of users and names of groups, case-insensitively, to participants-to-be. A name that is both a
 * user's email and a group's name is the user. Throws a 400 naming every unknown name.
 */
async function resolveNames(tx: Tx, names: string[]): Promise<Resolved[]> {
  const lowered = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  const userRows = await tx
    .select({ id: users.id, key: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, lowered));
  const groupRows = await tx
    .select({ id: groups.id, key: sql<string>`lower(${groups.name})` })
    .from(groups)
    .where(inArray(sql`lower(${groups.name})`, lowered));
  const userByKey = new Map(userRows.map((u) => [u.key, u.id]));
  const groupByKey = new Map(groupRows.map((g) => [g.key, g.id]));
  const unknown: string[] = [];
  const resolved: Resolved[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.trim().toLowerCase();
    const userId = userByKey.get(key) ?? null;
    const groupId = userId === null ? (groupByKey.get(key) ?? null) : null;
    if (userId === null && groupId === null) {
      unknown.push(name.trim());
      continue;
    }
    const id = userId !== null ? `u${userId}` : `g${groupId}`;
    if (seen.has(id)) continue;
    seen.add(id);
    resolved.push({ name: name.trim(), userId, groupId });
  }
  if (unknown.length) {
    const messages = [...new Set(unknown)].map(UNKNOWN_PARTICIPANT);
    throw new HttpError(400, messages[0], { names: messages });
  }
  return resolved;
}

/**
 * Adds users (by email) and groups (by name) with one role — all or nothing: an unknown name adds nobody.
 * One already taking part is skipped (its role unchanged; PATCH changes roles). Each added participant gets
 * an activity row, and the user (or the group's members) a `participant_added` notification.
 */
export async function addParticipants(
  db: Db,
  access: CaseAccess,
  actor: { id: number; name: string },
  input: { names: string[]; role: CaseRole },
  publicUrl: string | undefined,
): Promise<ParticipantsAdded> {
  return db.transaction(async (tx) => {
    const resolved = await resolveNames(tx, input.names);
    const addedIds: number[] = [];
    const skipped: string[] = [];
    for (const r of resolved) {
      // ON CONFLICT DO NOTHING: the unique (case, user) / (case, group) indexes decide, also under races.
      const [row] = await tx
        .insert(caseParticipants)
        .values({
          caseId: access.caseId,
          userId: r.userId,
          groupId: r.groupId,
          role: input.role,
          addedBy: actor.id,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        skipped.push(r.name);
        continue;
      }
      addedIds.push(row.id);
      await recordActivity(tx, {
        actorId: actor.id,
        caseId: access.caseId,
        verb: 'added participant',
        objectType: 'participant',
        objectId: row.id,
        after: { name: r.name, kind: r.userId !== null ? 'user' : 'group', role: input.role },
      });
    }
    const added = await participantsByIds(tx, access, addedIds);
    for (const p of added) {
      const recipients = await participantUserIds(tx, access.caseId, [p.id]);
      await notify(tx, {
        caseId: access.caseId,
        kind: 'participant_added',
        actorId: actor.id,
        userIds: recipients,
        title:
          p.kind === 'user'
            ? `${actor.name} added you to case #${access.caseId} as ${p.role}`
            : `${actor.name} added ${p.name} to case #${access.caseId} as ${p.role}`,
        vars: { role: p.role },
        publicUrl: publicUrl ?? '',
      });
    }
    if (added.length && access.staff) await markFirstResponse(tx, access.caseId);
    return { added, skipped };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Changing a role, removing.

/**
 * Locks the case row, then the participant's, and returns the participant; refuses (409) when the change
 * would take the owner role from the last owner of a case that was activated (status ≠ 0).
 */
async function lockForChange(tx: Tx, caseId: number, participantId: number, losesOwner: boolean) {
  const [c] = await tx.select({ status: cases.status }).from(cases).where(eq(cases.id, caseId)).for('update');
  const [current] = await tx
    .select()
    .from(caseParticipants)
    .where(and(eq(caseParticipants.id, participantId), eq(caseParticipants.caseId, caseId)))
    .for('update');
  if (!c || !current) throw new HttpError(404, 'Not found.');
  if (losesOwner && current.role === 'owner' && c.status !== CASE_STATUS.PENDING) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(caseParticipants)
      .where(
        and(
          eq(caseParticipants.caseId, caseId),
          eq(caseParticipants.role, 'owner'),
          sql`${caseParticipants.id} <> ${participantId}`,
        ),
      );
    if (n === 0) throw badField('role', LAST_OWNER_MESSAGE, 409);
  }
  return current;
}

export async function changeRole(
  db: Db,
  access: CaseAccess,
  actorId: number,
  participantId: number,
  role: CaseRole,
): Promise<Participant> {
  return db.transaction(async (tx) => {
    const current = await lockForChange(tx, access.caseId, participantId, role !== 'owner');
    if (current.role !== role) {
      await tx.update(caseParticipants).set({ role }).where(eq(caseParticipants.id, participantId));
      await recordActivity(tx, {
        actorId,
        caseId: access.caseId,
        verb: 'changed participant role',
        objectType: 'participant',
        objectId: participantId,
        before: { role: current.role },
        after: { role },
      });
      if (access.staff) await markFirstResponse(tx, access.caseId);
    }
    const [view] = await participantsByIds(tx, access, [participantId]);
    return view;
  });
}

/** Removes a participant: their access (or their members') ends with this transaction. */
export async function removeParticipant(
  db: Db,
  access: CaseAccess,
  actorId: number,
  participantId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForChange(tx, access.caseId, participantId, true);
    const [gone] = await selectParticipants(tx).where(eq(caseParticipants.id, participantId));
    await tx.delete(caseParticipants).where(eq(caseParticipants.id, participantId));
    const view = participantView(gone, access);
    await recordActivity(tx, {
      actorId,
      caseId: access.caseId,
      verb: 'removed participant',
      objectType: 'participant',
      objectId: participantId,
      before: { name: view.name, kind: view.kind, role: view.role },
    });
    if (access.staff) await markFirstResponse(tx, access.caseId);
  });
}

// ---------------------------------------------------------------------------------------------------------
// The case notice.

/**
 * The case notice also goes to a group's contact addresses (a vendor's security@…, who may have no
 * account yet), except the addresses of the participants' own users (told in the app, or muted on
 * purpose). Returns how many emails were queued.
 */
async function queueGroupContacts(
  tx: Tx,
  caseId: number,
  participantIds: number[],
  userIds: number[],
  actorId: number,
  publicUrl: string | undefined,
): Promise<number> {
  const rows = await tx
    .select({ name: groups.name, emails: groups.contactEmails })
    .from(caseParticipants)
    .innerJoin(groups, eq(groups.id, caseParticipants.groupId))
    .where(and(inArray(caseParticipants.id, participantIds), sql`cardinality(${groups.contactEmails}) > 0`));
  if (rows.length === 0) return 0;
  const own = userIds.length
    ? await tx.select({ email: users.email }).from(users).where(inArray(users.id, userIds))
    : [];
  const done = new Set(own.map((u) => u.email.toLowerCase()));
  const [theCase] = await tx.select({ title: cases.title }).from(cases).where(eq(cases.id, caseId));
  const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
  const messages = rows.flatMap((g) =>
    g.emails.flatMap((email) => {
      if (done.has(email.toLowerCase())) return [];
      done.add(email.toLowerCase());
      return [
        {
          to: email,
          toName: g.name,
          kind: 'case_notice',
          caseId,
          vars: {
            recipient_name: g.name,
            case_id: String(caseId),
            case_title: theCase?.title ?? '',
            case_link: caseLink(caseId, publicUrl),
            actor_name: actor?.name ?? 'CVDP',
            site_name: 'CVDP',
          },
        },
      ];
    }),
  );
  return queueEmails(tx, messages);
}

/**
 * Action needed for the members of the notified vendors, while the case has vulnerabilities: fill in your
 * status (resolved by vendor-status once none of theirs is left unknown).
 */
export async function askVendorsForStatus(
  tx: Tx,
  caseId: number,
  participantIds: number[],
  actorId: number,
  publicUrl: string | undefined,
) {
  const [vul] = await tx
    .select({ id: vulnerabilities.id })
    .from(vulnerabilities)
    .where(eq(vulnerabilities.caseId, caseId))
    .limit(1);
  if (!vul) return;
  const vendors = await tx
    .select({ id: caseParticipants.id })
    .from(caseParticipants)
    .where(and(inArray(caseParticipants.id, participantIds), eq(caseParticipants.role, 'vendor')));
  for (const v of vendors) {
    await raiseActionNeeded(tx, {
      kind: 'vendor_status',
      objectId: v.id,
      caseId,
      actorId,
      userIds: await participantUserIds(tx, caseId, [v.id]),
      title: `Case #${caseId}: tell the coordinators whether your products are affected (vendor status)`,
      link: `/cvdp/cases/${caseId}/vendors`,
      publicUrl: publicUrl ?? '',
    });
  }
}

/**
 * A vulnerability was added to the case: every vendor already notified owes a status for it, so its members
 * are asked again (raiseActionNeeded skips those whose request is still open). Resolved as before, once
 * none of the case's vulnerabilities is left unknown for the vendor.
 */
export async function askNotifiedVendorsForStatus(
  tx: Tx,
  caseId: number,
  actorId: number,
  publicUrl: string | undefined,
) {
  const notified = await tx
    .select({ id: caseParticipants.id })
    .from(caseParticipants)
    .where(
      and(
        eq(caseParticipants.caseId, caseId),
        eq(caseParticipants.role, 'vendor'),
        isNotNull(caseParticipants.notifiedAt),
      ),
    );
  if (notified.length)
    await askVendorsForStatus(
      tx,
      caseId,
      notified.map((v) => v.id),
      actorId,
      publicUrl,
    );
}

/**
 * Sends the case notice (`case_notice`) to the users behind some participants of the case (group members
 * included) and to groups' contact addresses, sets their notified time, and writes one activity row per participant. `ids`: those
 * participants (each must be of this case, else a 400 naming `participants`); 'vendors': every vendor.
 */
export async function notifyParticipants(
  db: Db,
  access: CaseAccess,
  actorId: number,
  which: number[] | 'vendors',
  publicUrl: string | undefined,
): Promise<ParticipantsNotified> {
  return db.transaction(async (tx) => {
    let ids: number[];
    if (which === 'vendors') {
      const rows = await tx
        .select({ id: caseParticipants.id })
        .from(caseParticipants)
        .where(and(eq(caseParticipants.caseId, access.caseId), eq(caseParticipants.role, 'vendor')));
      ids = rows.map((r) => r.id);
      if (ids.length === 0) throw badField('participants', NO_VENDORS_TO_NOTIFY);
    } else {
      ids = [...new Set(which)];
      const rows = await tx
        .select({ id: caseParticipants.id })
        .from(caseParticipants)
        .where(and(eq(caseParticipants.caseId, access.caseId), inArray(caseParticipants.id, ids)));
      const found = new Set(rows.map((r) => r.id));
      const strangers = ids.filter((id) => !found.has(id));
      if (strangers.length) {
        const messages = strangers.map(NOT_A_CASE_PARTICIPANT);
        throw new HttpError(400, messages[0], { participants: messages });
      }
    }
    const recipients = await participantUserIds(tx, access.caseId, ids);
    const told = await notify(tx, {
      caseId: access.caseId,
      kind: 'case_notice',
      actorId,
      userIds: recipients,
      title: `Case #${access.caseId}: you are invited to coordinate a vulnerability disclosure`,
      publicUrl: publicUrl ?? '',
    });
    const contacts = await queueGroupContacts(tx, access.caseId, ids, recipients, actorId, publicUrl);
    await askVendorsForStatus(tx, access.caseId, ids, actorId, publicUrl);
    await tx
      .update(caseParticipants)
      .set({ notifiedAt: sql`now()` })
      .where(inArray(caseParticipants.id, ids));
    for (const id of ids) {
      await recordActivity(tx, {
        actorId,
        caseId: access.caseId,
        verb: 'notified participant',
        objectType: 'participant',
        objectId: id,
      });
    }
    if (access.staff) await markFirstResponse(tx, access.caseId);
    return {
      notified: await participantsByIds(tx, access, ids),
      recipients: told.length,
      contact_emails: contacts,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// The caller's own relation to the case.

export async function userState(db: Db | Tx, caseId: number, userId: number) {
  const [row] = await db
    .select()
    .from(caseUserStates)
    .where(and(eq(caseUserStates.caseId, caseId), eq(caseUserStates.userId, userId)));
  return row ?? null;
}

export async function setMuted(db: Db, caseId: number, userId: number, muted: boolean) {
  return db.transaction(async (tx) => {
    const before = await userState(tx, caseId, userId);
    const [row] = await tx
      .insert(caseUserStates)
      .values({ caseId, userId, muted })
      .onConflictDoUpdate({ target: [caseUserStates.caseId, caseUserStates.userId], set: { muted } })
      .returning();
    if ((before?.muted ?? false) !== muted) {
      // A personal setting: logged without a case id, so it stays out of the case's shared activity feed.
      await recordActivity(tx, {
        actorId: userId,
        caseId: null,
        verb: muted ? 'muted case' : 'unmuted case',
        objectType: 'case',
        objectId: caseId,
        before: { muted: before?.muted ?? false },
        after: { muted },
      });
    }
    return row;
  });
}
