// Vendor status queries and writes (issue 11): the vendor × vulnerability grid of a case, and setting one
// cell (an upsert by vulnerability × vendor participant) with its activity row and the case's updated_at,
// in one transaction. No HTTP here; access is the policy's ('vendor_status.read' / 'vendor_status.edit').
import { type AnyColumn, and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  type VendorStatusCell,
  type VendorStatusGrid,
  type VendorStatusValue,
  type VexJustification,
  vulLabel,
} from '@cvdp/core';
import { type Db, HttpError, type Tx, groups, recordActivity, users } from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import { caseParticipants, cases } from '../cases/tables.ts';
import { type CaseAccess, type ListCaller, can, filter } from '../policy/index.ts';
import { roleRows } from '../policy/rules.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import { vendorStatus } from './tables.ts';
import { resolveActionNeeded } from '../notifications/actions.ts';

export type VendorStatusRow = typeof vendorStatus.$inferSelect;
type VulRow = typeof vulnerabilities.$inferSelect;

export const NOT_A_VUL_OF_CASE = 'Not a vulnerability of this case.';
export const NOT_A_PARTICIPANT_OF_CASE = 'Not a participant of this case.';
export const NOT_A_VENDOR = 'Only a vendor of this case has a status: this participant is not a vendor.';

/** A case's vendor participant (a user or a group taking part as vendor) with the name the grid shows. */
export interface VendorParticipant {
  participant: number;
  name: string;
}

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/** The vendor participants of a case, by name (then id), with the group's (or user's) name. */
export async function vendorParticipants(db: Db | Tx, caseId: number): Promise<VendorParticipant[]> {
  const name = sql<string>`coalesce(${groups.name}, ${users.name}, '')`;
  return db
    .select({ participant: caseParticipants.id, name })
    .from(caseParticipants)
    .leftJoin(users, eq(users.id, caseParticipants.userId))
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'vendor')))
    .orderBy(sql`lower(${name})`, asc(caseParticipants.id));
}

/**
 * The row a cell would have before anything was said: what `can('vendor_status.edit')` is asked about
 * for a cell that has no row yet (its rule reads only whose row it is).
 */
export function unknownCell(caseId: number, vulId: number, participantId: number): VendorStatusRow {
  return {
    id: 0,
    caseId,
    vulId,
    participantId,
    status: 'unknown',
    justification: null,
    product: '',
    affectedVersions: '',
    fixedVersions: '',
    cpe: null,
    purl: null,
    statement: '',
    updatedBy: null,
    updatedAt: new Date(0),
  };
}

/** The stored cells of these vulnerabilities for these vendor participants (rows the caller may read). */
export async function cellsOf(
  db: Db | Tx,
  access: CaseAccess,
  vulIds: number[],
  participantIds: number[],
): Promise<VendorStatusRow[]> {
  if (vulIds.length === 0 || participantIds.length === 0) return [];
  return db
    .select()
    .from(vendorStatus)
    .where(
      and(
        eq(vendorStatus.caseId, access.caseId),
        inArray(vendorStatus.vulId, vulIds),
        inArray(vendorStatus.participantId, participantIds),
        filter('vendor_status.read', access),
      ),
    )
    .orderBy(asc(vendorStatus.vulId), asc(vendorStatus.participantId));
}

export function cellView(row: VendorStatusRow, refs: Awaited<ReturnType<typeof userRefs>>): VendorStatusCell {
  return {
    id: row.id,
    vul: row.vulId,
    participant: row.participantId,
    status: row.status as VendorStatusValue,
    justification: row.justification as VexJustification | null,
    product: row.product,
    affected_versions: row.affectedVersions,
    fixed_versions: row.fixedVersions,
    cpe: row.cpe,
    purl: row.purl,
    statement: row.statement,
    updated_by: refOf(refs, row.updatedBy),
    updated: row.updatedAt.toISOString(),
  };
}

/**
 * Whether the case waits for the caller's status: a vendor participant they take part through (their own
 * row or a group's — the rows 'vendor_status.edit' lets them write) has said nothing, or "unknown", for some
 * vulnerability of the case they see. A column of the case list's page (`awaiting_my_status`, the vendor's
 * home), an expression over the page's case id so that the page is one statement; staff who take no part as
 * a vendor get false.
 */
export function awaitingMyStatus(caller: ListCaller, caseId: SQL | AnyColumn): SQL<boolean> {
  const conditions = and(
    eq(vulnerabilities.caseId, caseId),
    // The vendor rows the caller takes part through (their own or a group's).
    roleRows(caller, ['vendor']),
    filter('vul.read', caller),
    sql`not exists (select 1 from ${vendorStatus} where ${vendorStatus.vulId} = ${vulnerabilities.id} and ${vendorStatus.participantId} = ${caseParticipants.id} and ${vendorStatus.status} <> 'unknown')`,
  );
  return sql<boolean>`exists (select 1 from ${vulnerabilities}
      inner join ${caseParticipants} on ${caseParticipants.caseId} = ${vulnerabilities.caseId}
      where ${conditions})`;
}

/** GET /api/case/{id}/vendors/status/: rows are the case's vendors, columns its vulnerabilities. */
export async function vendorStatusGrid(db: Db, access: CaseAccess): Promise<VendorStatusGrid> {
  const [vendors, vuls] = await Promise.all([
    vendorParticipants(db, access.caseId),
    db
      .select()
      .from(vulnerabilities)
      .where(and(eq(vulnerabilities.caseId, access.caseId), filter('vul.read', access)))
      .orderBy(asc(vulnerabilities.localId)),
  ]);
  const rows = await cellsOf(
    db,
    access,
    vuls.map((v) => v.id),
    vendors.map((v) => v.participant),
  );
  const refs = await userRefs(
    db,
    rows.map((r) => r.updatedBy),
  );
  return {
    vendors: vendors.map((v) => ({
      participant: v.participant,
      name: v.name,
      can_edit: can('vendor_status.edit', access, unknownCell(access.caseId, 0, v.participant)),
    })),
    vuls: vuls.map((v) => ({
      id: v.id,
      local_id: v.localId,
      label: vulLabel(v.caseId, v.localId),
      title: v.title,
      cve: v.cve,
    })),
    cells: rows.map((r) => cellView(r, refs)),
  };
}

/** What one cell says, as the store writes it (the validated body). */
export interface CellInput {
  vul: number;
  participant: number;
  status: VendorStatusValue;
  justification: VexJustification | null;
  product: string;
  affected_versions: string;
  fixed_versions: string;
  cpe: string | null;
  purl: string | null;
  statement: string;
}

/** The fields of a cell as its activity row records them (before and after). */
const activityFields = (c: {
  status: string;
  justification: string | null;
  product: string;
  affectedVersions: string;
  fixedVersions: string;
  cpe: string | null;
  purl: string | null;
  statement: string;
}) => ({
  status: c.status,
  justification: c.justification,
  product: c.product,
  affected_versions: c.affectedVersions,
  fixed_versions: c.fixedVersions,
  cpe: c.cpe,
  purl: c.purl,
  statement: c.statement,
});

/**
 * Checks that the cell's vulnerability and participant belong to this case and that the participant is a
 * vendor (400 naming the field otherwise) — after the caller's right to the row was settled by the route.
 */
async function checkCellTargets(tx: Tx, caseId: number, input: CellInput): Promise<VulRow> {
  const [vul] = await tx.select().from(vulnerabilities).where(eq(vulnerabilities.id, input.vul));
  if (!vul || vul.caseId !== caseId) throw badField('vul', NOT_A_VUL_OF_CASE);
  const [participant] = await tx
    .select({ caseId: caseParticipants.caseId, role: caseParticipants.role })
    .from(caseParticipants)
    .where(eq(caseParticipants.id, input.participant));
  if (!participant || participant.caseId !== caseId) throw badField('participant', NOT_A_PARTICIPANT_OF_CASE);
  if (participant.role !== 'vendor') throw badField('participant', NOT_A_VENDOR);
  return vul;
}

/**
 * Sets one cell (creates its row or changes it) with an activity row holding the before/after values, and
 * touches the case's updated_at — all in one transaction. A body that says what the row already says
 * changes nothing and records nothing.
 */
export async function setVendorStatus(
  db: Db,
  access: CaseAccess,
  input: CellInput,
): Promise<VendorStatusCell> {
  const row = await db.transaction(async (tx) => {
    const vul = await checkCellTargets(tx, access.caseId, input);
    const next = {
      status: input.status,
      justification: input.status === 'not_affected' ? input.justification : null,
      product: input.product,
      affectedVersions: input.affected_versions,
      fixedVersions: input.fixed_versions,
      cpe: input.cpe,
      purl: input.purl,
      statement: input.statement,
    };
    const [existing] = await tx
      .select()
      .from(vendorStatus)
      .where(and(eq(vendorStatus.vulId, input.vul), eq(vendorStatus.participantId, input.participant)))
      .for('update');
    if (existing && JSON.stringify(activityFields(existing)) === JSON.stringify(activityFields(next))) {
      return existing;
    }
    const now = new Date();
    const [saved] = await tx
      .insert(vendorStatus)
      .values({
        caseId: access.caseId,
        vulId: input.vul,
        participantId: input.participant,
        ...next,
        updatedBy: access.userId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [vendorStatus.vulId, vendorStatus.participantId],
        set: { ...next, updatedBy: access.userId, updatedAt: now },
      })
      .returning();
    await recordActivity(tx, {
      actorId: access.userId,
      caseId: access.caseId,
      verb: existing ? 'changed' : 'set',
      objectType: 'vendor_status',
      objectId: saved.id,
      before: existing ? activityFields(existing) : null,
      after: {
        ...activityFields(saved),
        vul: vulLabel(vul.caseId, vul.localId),
        participant: input.participant,
      },
    });
    await tx.update(cases).set({ updatedAt: now }).where(eq(cases.id, access.caseId));
    // The vendor's Action needed ends once none of the case's vulnerabilities is left unknown for it.
    const [unknownLeft] = await tx
      .select({ id: vulnerabilities.id })
      .from(vulnerabilities)
      .where(
        and(
          eq(vulnerabilities.caseId, access.caseId),
          sql`not exists (select 1 from ${vendorStatus} where ${vendorStatus.vulId} = ${vulnerabilities.id} and ${vendorStatus.participantId} = ${input.participant} and ${vendorStatus.status} <> 'unknown')`,
        ),
      )
      .limit(1);
    if (!unknownLeft) await resolveActionNeeded(tx, { kind: 'vendor_status', objectId: input.participant });
    return saved;
  });
  return cellView(row, await userRefs(db, [row.updatedBy]));
}

/** The vendor status rows of one vulnerability, for its current vendor participants (VEX reads these). */
export async function cellsOfVul(
  db: Db,
  access: CaseAccess,
  vulId: number,
): Promise<{ vendors: VendorParticipant[]; rows: VendorStatusRow[] }> {
  const vendors = await vendorParticipants(db, access.caseId);
  const rows = await cellsOf(
    db,
    access,
    [vulId],
    vendors.map((v) => v.participant),
  );
  return { vendors, rows };
}
