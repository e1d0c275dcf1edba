// Who is in the demo programme: one demo user per role (each printed with their own password), the other
// people of the programme (one shared password), the vendor groups with their members, a pending
// registration and the auto-assignment rota. Users are upserted by email, so a second run finds them (and
// gives them fresh passwords) instead of adding more.
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  type AuthUser,
  type Db,
  type Role,
  groupMembers,
  groups,
  hashPassword,
  loadAuthUser,
  users,
} from '@cvdp/server-kit';
import { autoAssignmentRoles } from '@cvdp/coordination';
import { createRole } from '../../../coordination/src/assignments/store.ts';

export interface Person {
  email: string;
  name: string;
  roles: Role[];
}

export const ADMIN = 'admin@demo.cvdp.test';
export const COORDINATOR = 'coordinator@demo.cvdp.test';
export const SCORER = 'scorer@demo.cvdp.test';
export const REPORTER = 'reporter@demo.cvdp.test';
export const VENDOR = 'vendor@demo.cvdp.test';
export const PENDING = 'pending@demo.cvdp.test';

/** Printed with their own passwords: one per role. */
export const DEMO_USERS: Person[] = [
  { email: ADMIN, name: 'Ada Admin', roles: ['admin', 'coordinator', 'reporter'] },
  { email: COORDINATOR, name: 'Cora Coordinator', roles: ['coordinator', 'reporter'] },
  { email: SCORER, name: 'Sam Scorer', roles: ['scorer', 'reporter'] },
  { email: REPORTER, name: 'Rita Reporter', roles: ['reporter'] },
  { email: VENDOR, name: 'Victor Vendor', roles: ['reporter'] },
];

/** Everyone else in the programme: one shared password. */
export const PEOPLE: Person[] = [
  { email: 'cole@demo.cvdp.test', name: 'Cole Coordinator', roles: ['coordinator', 'reporter'] },
  { email: 'dana@demo.cvdp.test', name: 'Dana Desk', roles: ['coordinator', 'reporter'] },
  { email: 'ravi@demo.cvdp.test', name: 'Ravi Researcher', roles: ['reporter'] },
  { email: 'mia@demo.cvdp.test', name: 'Mia Hunter', roles: ['reporter'] },
  { email: 'oscar@demo.cvdp.test', name: 'Oscar Osint', roles: ['reporter'] },
  { email: 'lena@demo.cvdp.test', name: 'Lena Labs', roles: ['reporter'] },
  { email: 'alice.acme@demo.cvdp.test', name: 'Alice Acme', roles: ['reporter'] },
  { email: 'gina.globex@demo.cvdp.test', name: 'Gina Globex', roles: ['reporter'] },
  { email: 'greg.globex@demo.cvdp.test', name: 'Greg Globex', roles: ['reporter'] },
  { email: 'ian.initech@demo.cvdp.test', name: 'Ian Initech', roles: ['reporter'] },
  { email: 'uma.umbrella@demo.cvdp.test', name: 'Uma Umbrella', roles: ['reporter'] },
  { email: 'hank.hooli@demo.cvdp.test', name: 'Hank Hooli', roles: ['reporter'] },
];

export interface Vendor {
  name: string;
  contact: string;
  /** Members' emails; the first is the group's admin. None for the vendors of the published CVE records. */
  members: string[];
  products: string[];
}

export const VENDORS: Vendor[] = [
  {
    name: 'Acme Corp',
    contact: 'security@acme.example',
    members: [VENDOR, 'alice.acme@demo.cvdp.test'],
    products: ['Acme Portal 2.3', 'Acme Router AX-1800', 'Acme Blog 1.0', 'Acme Mobile 4.1'],
  },
  {
    name: 'Globex',
    contact: 'psirt@globex.example',
    members: ['gina.globex@demo.cvdp.test', 'greg.globex@demo.cvdp.test'],
    products: ['Globex HMI 7', 'Globex PLC Gateway 3.2', 'Globex SCADA Server 5'],
  },
  {
    name: 'Initech',
    contact: 'security@initech.example',
    members: ['ian.initech@demo.cvdp.test'],
    products: ['Initech TPS 9.4', 'Initech Payroll 2.0'],
  },
  {
    name: 'Umbrella Corp',
    contact: 'cert@umbrella.example',
    members: ['uma.umbrella@demo.cvdp.test'],
    products: ['Umbrella Health Portal 3', 'Umbrella IoT Hub 1.2'],
  },
  {
    name: 'Hooli',
    contact: 'security@hooli.example',
    members: ['hank.hooli@demo.cvdp.test'],
    products: ['Hooli Chat 12', 'Hooli Cloud Storage API', 'Hooli Nucleus SDK 0.9'],
  },
];

export const ROTA = 'Triage rota';

/** Readable but strong: four groups of letters and digits. */
export const newPassword = () =>
  Array.from({ length: 4 }, () =>
    randomBytes(4).toString('base64url').replace(/[-_]/g, 'x').slice(0, 5),
  ).join('-');

async function upsertUser(db: Db, u: Person, passwordHash: string): Promise<number> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${u.email}`);
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash, roles: u.roles, pending: false, isActive: true })
      .where(eq(users.id, existing.id));
    return existing.id;
  }
  const [row] = await db
    .insert(users)
    .values({
      email: u.email,
      name: u.name,
      passwordHash,
      roles: u.roles,
      pending: false,
      approvedAt: new Date(),
    })
    .returning({ id: users.id });
  return row.id;
}

/** A vendor group (made once, found by name on later runs) with its members; returns its id. */
export async function ensureVendorGroup(
  db: Db,
  v: Vendor,
  userId: (email: string) => number,
): Promise<number> {
  let [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, v.name));
  group ??= (
    await db
      .insert(groups)
      .values({ name: v.name, kind: 'vendor', contactEmails: [v.contact] })
      .returning({ id: groups.id })
  )[0];
  if (v.members.length)
    await db
      .insert(groupMembers)
      .values(v.members.map((email, i) => ({ groupId: group.id, userId: userId(email), isAdmin: i === 0 })))
      .onConflictDoNothing();
  return group.id;
}

export interface Cast {
  /** Each demo user's new password, in DEMO_USERS order. */
  passwords: { person: Person; password: string }[];
  sharedPassword: string;
  /** Everyone by email, as the stores take them (loaded before any case's transaction). */
  user: (email: string) => AuthUser;
}

/**
 * Users (fresh passwords each run), vendor groups with members, the pending registration and the rota.
 * Everyone is loaded once here, before any case's transaction: PGlite has one connection, so a query outside
 * a transaction would wait for it. `fixedPassword` (CVDP_DEMO_PASSWORD, for the browser tests' demo server)
 * is everyone's password instead of new ones, so a test can sign in without reading what the seed printed.
 */
export async function castOfProgramme(db: Db, fixedPassword?: string): Promise<Cast> {
  const ids = new Map<string, number>();
  const passwords: Cast['passwords'] = [];
  // One hash for a password many share (argon2 costs ~80 ms a hash).
  const fixedHash = fixedPassword === undefined ? undefined : await hashPassword(fixedPassword);
  for (const person of DEMO_USERS) {
    const password = fixedPassword ?? newPassword();
    ids.set(person.email, await upsertUser(db, person, fixedHash ?? (await hashPassword(password))));
    passwords.push({ person, password });
  }
  const sharedPassword = fixedPassword ?? newPassword();
  const sharedHash = fixedHash ?? (await hashPassword(sharedPassword));
  for (const person of PEOPLE) ids.set(person.email, await upsertUser(db, person, sharedHash));
  const id = (email: string) => ids.get(email)!;

  for (const v of VENDORS) await ensureVendorGroup(db, v, id);

  await db
    .insert(users)
    .values({ email: PENDING, name: 'Pat Pending', passwordHash: await hashPassword(newPassword()) })
    .onConflictDoNothing();

  // The auto-assignment rota new cases can be handed to in turn.
  const [rota] = await db
    .select({ id: autoAssignmentRoles.id })
    .from(autoAssignmentRoles)
    .where(sql`lower(${autoAssignmentRoles.name}) = ${ROTA.toLowerCase()}`);
  if (!rota)
    await createRole(db, id(ADMIN), { name: ROTA, users: [id(COORDINATOR), id('cole@demo.cvdp.test')] });

  const loaded = new Map<string, AuthUser>();
  for (const [email, userId] of ids) loaded.set(email, (await loadAuthUser(db, userId))!);
  return { passwords, sharedPassword, user: (email) => loaded.get(email)! };
}
