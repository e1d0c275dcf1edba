// A case for vendor status and VEX tests: a coordinator, a reporter, the vendor group "Acme PSIRT" (one
// member), a vendor who takes part alone ("Bob's Widgets"), an observer and a stranger; vulnerabilities are
// inserted directly (the vuls routes are another domain's).
import { count, eq } from 'drizzle-orm';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants, cases, vendorStatus, vulnerabilities } from '../src/tables.ts';
import type { TestApp, TestClient, TestUser } from './test-app.ts';

type Client = TestClient & { user: TestUser };

export interface VendorWorld {
  caseId: number;
  coordinator: Client;
  reporter: Client;
  /** A member of the vendor group Acme PSIRT. */
  acmeMember: Client;
  /** A vendor taking part alone (Bob's Widgets). */
  bob: Client;
  observer: Client;
  stranger: Client;
  /** case_participants ids. */
  acme: number;
  /** The vendor group's name (unique per world). */
  acmeName: string;
  bobParticipant: number;
  reporterParticipant: number;
  vuls: { id: number; localId: number }[];
}

export async function insertVul(
  t: TestApp,
  caseId: number,
  localId: number,
  fields: Partial<typeof vulnerabilities.$inferInsert> = {},
) {
  const [v] = await t.db
    .insert(vulnerabilities)
    .values({ caseId, localId, description: `Vulnerability ${localId} of case ${caseId}`, ...fields })
    .returning();
  return v;
}

export async function vendorWorld(
  t: TestApp,
  vulFields: Partial<typeof vulnerabilities.$inferInsert>[] = [{}, {}],
): Promise<VendorWorld> {
  const coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  const reporter = await t.signIn({ name: 'Rita Reporter' });
  const acmeMember = await t.signIn({ name: 'Alice Acme' });
  const bob = await t.signIn({ name: "Bob's Widgets" });
  const observer = await t.signIn({ name: 'Otto Observer' });
  const stranger = await t.signIn({ name: 'Sam Stranger' });
  const [group] = await t.db
    .insert(groups)
    .values({ name: `Acme PSIRT ${Math.random().toString(36).slice(2, 8)}`, kind: 'vendor' })
    .returning();
  await t.db.insert(groupMembers).values({ groupId: group.id, userId: acmeMember.user.id });
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Widget overflow', status: 1, createdBy: reporter.user.id })
    .returning();
  const [rep, acme, bobP] = await t.db
    .insert(caseParticipants)
    .values([
      { caseId: c.id, userId: reporter.user.id, role: 'reporter' },
      { caseId: c.id, groupId: group.id, role: 'vendor' },
      { caseId: c.id, userId: bob.user.id, role: 'vendor' },
      { caseId: c.id, userId: observer.user.id, role: 'observer' },
    ])
    .returning();
  const vuls = [];
  for (const [i, fields] of vulFields.entries()) vuls.push(await insertVul(t, c.id, i + 1, fields));
  return {
    caseId: c.id,
    coordinator,
    reporter,
    acmeMember,
    bob,
    observer,
    stranger,
    acme: acme.id,
    acmeName: group.name,
    bobParticipant: bobP.id,
    reporterParticipant: rep.id,
    vuls: vuls.map((v) => ({ id: v.id, localId: v.localId })),
  };
}

/** Vendor status rows and their activity rows (for "nothing changed"). */
export async function statusCounts(t: TestApp, caseId: number) {
  const [{ rows }] = await t.db
    .select({ rows: count() })
    .from(vendorStatus)
    .where(eq(vendorStatus.caseId, caseId));
  const [{ log }] = await t.db
    .select({ log: count() })
    .from(activity)
    .where(eq(activity.objectType, 'vendor_status'));
  const [c] = await t.db.select({ updated: cases.updatedAt }).from(cases).where(eq(cases.id, caseId));
  return { rows, log, caseUpdated: c.updated.toISOString() };
}
