// `npm run seed:demo`: a working disclosure desk for a newcomer. One demo user per role (printed with their
// passwords), more people (coordinators, reporters, vendor staff: one shared password, printed), five vendor
// groups with members, an auto-assignment rota, a pending registration and about fifty cases over the last
// five months in every state — pending in triage, active with owners, co-owners, vendors, assignments and
// notices sent, closed with resolutions — with their activity and notifications.
//
// Every case is written through the stores the routes use (createReport, updateCase, addParticipants,
// assignCase, notifyParticipants, …), so its activity rows, notifications and queued emails are the real
// ones; each step is then dated back to its place in the case's story. Safe to run again: users get fresh
// passwords, and a case whose submission key exists is left as it is (nothing is doubled).
import { count, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  type ReportFormValues,
  caseStatusLabel,
  emptyReportForm,
  emptyVulnerability,
  reportToQuestions,
} from '@cvdp/core';
import {
  type AuthUser,
  type Db,
  type Role,
  type Tx,
  activity,
  groupMembers,
  groups,
  hashPassword,
  loadAuthUser,
  loadConfig,
  openDatabase,
  runCommand,
  users,
} from '@cvdp/server-kit';
import {
  autoAssignmentRoles,
  caseAssignments,
  caseParticipants,
  caseUserStates,
  cases,
  createReport,
  emailOutbox,
  notifications,
  prepareCoordinationData,
  reportRevisions,
  reports,
  resolutionOptions,
} from '@cvdp/coordination';
// The stores behind the workspace's calls (the package exports only what the platform itself needs).
import { loadCaseAccess } from '../../coordination/src/policy/index.ts';
import { updateCase, recordSeen } from '../../coordination/src/cases/store.ts';
import { addParticipants, notifyParticipants } from '../../coordination/src/participants/store.ts';
import { assignCase, createRole, unassignCase } from '../../coordination/src/assignments/store.ts';
import { editReport } from '../../coordination/src/reports/store.ts';
import { notify, participantUserIds } from '../../coordination/src/notifications/notify.ts';

interface Person {
  email: string;
  name: string;
  roles: Role[];
}

/** Printed with their own passwords: one per role. */
const DEMO_USERS: Person[] = [
  { email: 'admin@demo.cvdp.test', name: 'Ada Admin', roles: ['admin', 'coordinator', 'reporter'] },
  { email: 'coordinator@demo.cvdp.test', name: 'Cora Coordinator', roles: ['coordinator', 'reporter'] },
  { email: 'scorer@demo.cvdp.test', name: 'Sam Scorer', roles: ['scorer', 'reporter'] },
  { email: 'reporter@demo.cvdp.test', name: 'Rita Reporter', roles: ['reporter'] },
  { email: 'vendor@demo.cvdp.test', name: 'Victor Vendor', roles: ['reporter'] },
];

/** Everyone else in the programme: one shared password. */
const PEOPLE: Person[] = [
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

interface Vendor {
  name: string;
  contact: string;
  /** Members' emails; the first is the group's admin. */
  members: string[];
  products: string[];
}

const VENDORS: Vendor[] = [
  {
    name: 'Acme Corp',
    contact: 'security@acme.example',
    members: ['vendor@demo.cvdp.test', 'alice.acme@demo.cvdp.test'],
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

interface Flaw {
  title: string;
  cwe: string;
  vector: string;
  tag: string;
}

const FLAWS: Flaw[] = [
  { title: 'SQL injection in {c}', cwe: 'CWE-89', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Stored XSS in {c}', cwe: 'CWE-79', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:L/VI:L/VA:N/SC:L/SI:L/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Path traversal in {c}', cwe: 'CWE-22', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Hard-coded credentials in {c}', cwe: 'CWE-798', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'iot' }, // prettier-ignore
  { title: 'Missing authentication for {c}', cwe: 'CWE-306', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', tag: 'ics' }, // prettier-ignore
  { title: 'OS command injection in {c}', cwe: 'CWE-78', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'iot' }, // prettier-ignore
  { title: 'Out-of-bounds write in {c}', cwe: 'CWE-787', vector: 'CVSS:4.0/AV:N/AC:H/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'memory' }, // prettier-ignore
  { title: 'Cross-site request forgery in {c}', cwe: 'CWE-352', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:N/VI:H/VA:N/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Server-side request forgery in {c}', cwe: 'CWE-918', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:N/VA:N/SC:H/SI:N/SA:N', tag: 'cloud' }, // prettier-ignore
  { title: 'Unsafe deserialization in {c}', cwe: 'CWE-502', vector: 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Certificate validation bypass in {c}', cwe: 'CWE-295', vector: 'CVSS:4.0/AV:A/AC:H/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N', tag: 'crypto' }, // prettier-ignore
  { title: 'Integer overflow in {c}', cwe: 'CWE-190', vector: 'CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'memory' }, // prettier-ignore
];

const COMPONENTS = [
  'the login form',
  'the firmware update service',
  'the admin console',
  'the CSV export',
  'the REST API',
  'the web interface',
  'the backup agent',
  'the search page',
  'the image upload',
  'the SNMP agent',
  'the password reset flow',
  'the plugin loader',
  'the report generator',
];

const REPORTERS = [
  'reporter@demo.cvdp.test',
  'ravi@demo.cvdp.test',
  'mia@demo.cvdp.test',
  'oscar@demo.cvdp.test',
  'lena@demo.cvdp.test',
];
const COORDINATORS = ['coordinator@demo.cvdp.test', 'cole@demo.cvdp.test', 'dana@demo.cvdp.test'];
const ROTA = 'Triage rota';
const CASES = 50;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Fate = 'pending' | 'active' | 'closed';

interface Story {
  index: number;
  key: string;
  fate: Fate;
  reporter: string;
  vendors: Vendor[];
  product: string;
  flaw: Flaw;
  component: string;
  /** Days before now the report came in. */
  daysAgo: number;
  owner: string;
  coOwner: string | null;
  resolution: string;
}

/** The programme, the same on every run: a deterministic walk over the lists above. */
function stories(): Story[] {
  return Array.from({ length: CASES }, (_, i) => {
    // 12 pending (the newest), 22 active, 16 closed (the oldest), interleaved a little at the edges.
    const fate: Fate = i < 12 ? 'pending' : i < 34 ? 'active' : 'closed';
    const vendor = VENDORS[(i * 7) % VENDORS.length];
    const second = i % 6 === 0 ? VENDORS[(i * 7 + 2) % VENDORS.length] : null;
    const daysAgo =
      fate === 'pending'
        ? 0.1 + i * 1.6 // the last three weeks
        : fate === 'active'
          ? 8 + (i - 12) * 4.3 // one to four months
          : 95 + (i - 34) * 3.7; // three to five months
    return {
      index: i,
      key: `demo-case-${i + 1}`,
      fate,
      reporter: REPORTERS[i % 3 === 0 ? 0 : i % REPORTERS.length || 1],
      vendors: second ? [vendor, second] : [vendor],
      product: vendor.products[(i * 3) % vendor.products.length],
      flaw: FLAWS[(i * 5) % FLAWS.length],
      component: COMPONENTS[(i * 11) % COMPONENTS.length],
      daysAgo,
      owner: COORDINATORS[i % COORDINATORS.length],
      coOwner: i % 4 === 1 ? COORDINATORS[(i + 1) % COORDINATORS.length] : null,
      resolution: [
        'Fixed',
        'Fixed',
        'Fixed',
        'Not a vulnerability',
        'Duplicate',
        'No response',
        'Fixed',
        'Other',
      ][i % 8],
    };
  });
}

function reportOf(story: Story): ReportFormValues {
  const title = story.flaw.title.replace('{c}', story.component);
  return {
    ...emptyReportForm(),
    title: `${title} of ${story.product}`,
    product: story.product,
    notified: story.index % 3 === 0 ? 'Yes' : 'No',
    vendor_contact: story.vendors[0].contact,
    disclosure_plans: 'Yes',
    disclosure_details: 'We plan to publish 90 days after the vendor is notified, or when a fix is released.',
    vulnerabilities: [
      {
        ...emptyVulnerability(),
        description:
          `${title} of ${story.product}: an attacker can abuse ${story.component} to reach data or functions ` +
          'they should not. Steps to reproduce and a proof of concept are available on request.',
        cwes: [story.flaw.cwe],
        showCvss: 'Yes',
        cvss: story.flaw.vector,
        disclosed: 'No',
        references: '',
        active_exploitation: story.index % 9 === 4 ? 'Yes' : 'No',
        exploit_proof: story.index % 9 === 4 ? 'Seen in the wild against an exposed instance.' : '',
      },
    ],
  };
}

/** Readable but strong: four groups of letters and digits. */
const newPassword = () =>
  Array.from({ length: 4 }, () =>
    randomBytes(4).toString('base64url').replace(/[-_]/g, 'x').slice(0, 5),
  ).join('-');

async function upsertUser(db: Db, u: Person, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
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

/**
 * Dates every row of the case written since `since` (by the step just taken) to `at`: the case's own
 * times, its report and revisions, participants, assignments, activity, notifications, queued emails and
 * last-seen times. Earlier steps are already in the past, so they are untouched.
 */
async function dateStep(tx: Tx, caseId: number, since: Date, at: Date) {
  const moved = (column: unknown) =>
    sql`case when ${column} >= ${since.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${column} end`;
  await tx
    .update(cases)
    .set({
      createdAt: moved(cases.createdAt),
      updatedAt: moved(cases.updatedAt),
      activatedAt: moved(cases.activatedAt),
      closedAt: moved(cases.closedAt),
      firstResponseAt: moved(cases.firstResponseAt),
    })
    .where(eq(cases.id, caseId));
  await tx
    .update(reports)
    .set({ createdAt: moved(reports.createdAt), updatedAt: moved(reports.updatedAt) })
    .where(eq(reports.caseId, caseId));
  await tx
    .update(reportRevisions)
    .set({ createdAt: moved(reportRevisions.createdAt) })
    .where(
      sql`${reportRevisions.reportId} in (select id from ${reports} where ${reports.caseId} = ${caseId})`,
    );
  await tx
    .update(caseParticipants)
    .set({ createdAt: moved(caseParticipants.createdAt), notifiedAt: moved(caseParticipants.notifiedAt) })
    .where(eq(caseParticipants.caseId, caseId));
  await tx
    .update(caseAssignments)
    .set({ createdAt: moved(caseAssignments.createdAt), unassignedAt: moved(caseAssignments.unassignedAt) })
    .where(eq(caseAssignments.caseId, caseId));
  await tx
    .update(activity)
    .set({ at: moved(activity.at) })
    .where(eq(activity.caseId, caseId));
  await tx
    .update(notifications)
    .set({ createdAt: moved(notifications.createdAt) })
    .where(eq(notifications.caseId, caseId));
  await tx
    .update(emailOutbox)
    .set({ createdAt: moved(emailOutbox.createdAt) })
    .where(eq(emailOutbox.caseId, caseId));
  await tx
    .update(caseUserStates)
    .set({ lastSeenAt: moved(caseUserStates.lastSeenAt) })
    .where(eq(caseUserStates.caseId, caseId));
}

runCommand(async () => {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config);
  const { db } = database;
  await prepareCoordinationData(db);

  const printed: string[] = [];
  const ids = new Map<string, number>();
  for (const u of DEMO_USERS) {
    const password = newPassword();
    ids.set(u.email, await upsertUser(db, u, password));
    printed.push(`  ${u.roles.join('+').padEnd(28)} ${u.email.padEnd(30)} ${password}`);
  }
  const sharedPassword = newPassword();
  for (const u of PEOPLE) ids.set(u.email, await upsertUser(db, u, sharedPassword));
  const id = (email: string) => ids.get(email)!;
  // Loaded once, before any case's transaction (PGlite has one connection: a query outside a transaction
  // would wait for it).
  const authUsers = new Map<string, AuthUser>();
  const authUser = (email: string) => authUsers.get(email)!;

  // Vendors: groups with members (the first member is the group's admin).
  const groupIds = new Map<string, number>();
  for (const v of VENDORS) {
    let [group] = await db.select().from(groups).where(eq(groups.name, v.name));
    group ??= (
      await db
        .insert(groups)
        .values({ name: v.name, kind: 'vendor', contactEmails: [v.contact] })
        .returning()
    )[0];
    groupIds.set(v.name, group.id);
    await db
      .insert(groupMembers)
      .values(v.members.map((email, i) => ({ groupId: group.id, userId: id(email), isAdmin: i === 0 })))
      .onConflictDoNothing();
  }

  await db
    .insert(users)
    .values({
      email: 'pending@demo.cvdp.test',
      name: 'Pat Pending',
      passwordHash: await hashPassword(newPassword()),
    })
    .onConflictDoNothing();

  // The auto-assignment rota new cases can be handed to in turn.
  const [rota] = await db
    .select({ id: autoAssignmentRoles.id })
    .from(autoAssignmentRoles)
    .where(sql`lower(${autoAssignmentRoles.name}) = ${ROTA.toLowerCase()}`);
  if (!rota)
    await createRole(db, id('admin@demo.cvdp.test'), {
      name: ROTA,
      users: [id('coordinator@demo.cvdp.test'), id('cole@demo.cvdp.test')],
    });

  for (const email of ids.keys()) authUsers.set(email, (await loadAuthUser(db, id(email)))!);

  const resolutionIds = new Map(
    (await db.select().from(resolutionOptions)).map((r) => [r.name.toLowerCase(), r.id]),
  );
  const admin = authUser('admin@demo.cvdp.test');
  const publicUrl = config.publicUrl;
  const now = Date.now();
  let created = 0;
  let kept = 0;

  for (const story of stories()) {
    const reporter = authUser(story.reporter);
    const [seen] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(sql`${reports.submittedBy} = ${reporter.id} and ${reports.submissionKey} = ${story.key}`);
    if (seen) {
      kept++;
      continue;
    }
    const owner = authUser(story.owner);
    // One transaction per case: a run stopped halfway leaves no half-told case.
    await db.transaction(async (tx) => {
      // The database's clock: rows this transaction writes carry its now() (or the app's time, later).
      const [{ since }] = await tx
        .select({ since: sql<number>`extract(epoch from now())::float8 - 1` })
        .from(sql`(select 1) as one`);
      const sinceDate = new Date(Number(since) * 1000);
      const tdb = tx as unknown as Db;
      let clock = now - story.daysAgo * DAY;

      const { report } = await createReport(tdb, reporter, {
        report: reportToQuestions(reportOf(story)),
        poc: null,
        submissionKey: story.key,
      });
      const caseId = report.caseId;
      await dateStep(tx, caseId, sinceDate, new Date(clock));

      /** Takes one step of the story `hours` after the previous one, and dates what it wrote. */
      const step = async (hours: number, what: () => Promise<unknown>) => {
        clock = Math.min(clock + hours * HOUR, now - 60_000);
        await what();
        await dateStep(tx, caseId, sinceDate, new Date(clock));
      };
      const access = async (who: AuthUser) => (await loadCaseAccess(tdb, who, caseId))!;

      if (story.index % 7 === 3) {
        // The reporter adds a detail a few hours later.
        await step(5, async () => {
          const values = reportOf(story);
          values.vulnerabilities[0].description += ' Update: the previous release is affected as well.';
          const [row] = await tx.select().from(cases).where(eq(cases.id, caseId));
          await editReport(tdb, reporter, row, { report: reportToQuestions(values), poc: null });
        });
      }

      if (story.fate === 'pending') {
        // Some new reports were already handed to the rota; the rest wait in triage untouched.
        if (story.index % 3 === 1)
          await step(1.5, async () => assignCase(tdb, await access(admin), admin, { role: ROTA }, publicUrl));
        return;
      }

      // Triage: the owner activates the case (becoming its owner) and takes the assignment.
      await step(3 + (story.index % 5) * 7, async () => {
        const outcome = await updateCase(tx, owner.id, caseId, { status: 1, tags: [story.flaw.tag] });
        await notify(tx, {
          caseId,
          kind: 'status_changed',
          actorId: owner.id,
          userIds: await participantUserIds(tx, caseId),
          title: `${owner.name} activated case #${caseId}`,
          vars: { status: caseStatusLabel(outcome.case.status), reason: '' },
          publicUrl,
        });
      });
      await step(0.2, async () => assignCase(tdb, await access(owner), owner, { user: owner.id }, publicUrl));
      if (story.coOwner) {
        const coOwner = authUser(story.coOwner);
        await step(1, async () =>
          addParticipants(
            tdb,
            await access(owner),
            owner,
            { names: [coOwner.email], role: 'owner' },
            publicUrl,
          ),
        );
      }
      if (story.index % 10 === 5) {
        // A hand-over: assigned to a colleague, who passes it back a day later.
        const colleague = authUser(COORDINATORS[(story.index + 2) % COORDINATORS.length]);
        await step(2, async () =>
          assignCase(tdb, await access(owner), owner, { user: colleague.id }, publicUrl),
        );
        await step(24, async () =>
          unassignCase(tdb, await access(colleague), colleague.id, {
            users: [colleague.id],
            reason: 'Back to the owner: the vendor answered.',
          }),
        );
      }
      // The vendors: added, then sent the case notice.
      await step(2, async () =>
        addParticipants(
          tdb,
          await access(owner),
          owner,
          { names: story.vendors.map((v) => v.name), role: 'vendor' },
          publicUrl,
        ),
      );
      if (story.index % 5 !== 2)
        await step(1, async () =>
          notifyParticipants(tdb, await access(owner), owner.id, 'vendors', publicUrl),
        );
      if (story.index % 4 === 0) {
        const observer = authUser(COORDINATORS[(story.index + 1) % COORDINATORS.length]);
        await step(0.5, async () =>
          addParticipants(
            tdb,
            await access(owner),
            owner,
            { names: [observer.email], role: 'observer' },
            publicUrl,
          ),
        );
      }
      // Vendor staff open the case within a couple of days.
      for (const [n, vendor] of story.vendors.entries())
        if (story.index % 5 !== 2)
          await step(20 + n * 5, () =>
            recordSeen(tdb, caseId, id(vendor.members[story.index % vendor.members.length])),
          );
      await step(1, () => recordSeen(tdb, caseId, reporter.id));

      if (story.fate === 'closed') {
        const resolution = resolutionIds.get(story.resolution.toLowerCase()) ?? null;
        await step(24 * (6 + (story.index % 9) * 5), async () => {
          const outcome = await updateCase(tx, owner.id, caseId, { status: 2, resolution });
          await notify(tx, {
            caseId,
            kind: 'status_changed',
            actorId: owner.id,
            userIds: await participantUserIds(tx, caseId),
            title: `${owner.name} closed case #${caseId}`,
            vars: { status: caseStatusLabel(outcome.case.status), reason: story.resolution },
            publicUrl,
          });
        });
      }
    });
    created++;
  }

  // The story's emails older than two days went out at the time; the recent ones wait in the outbox, as
  // they do until SMTP is configured.
  await db
    .update(emailOutbox)
    .set({ status: 'sent', attempts: 1, sentAt: sql`${emailOutbox.createdAt} + interval '1 minute'` })
    .where(
      sql`${emailOutbox.status} = 'pending' and ${emailOutbox.createdAt} < now() - interval '2 days' and (${emailOutbox.toAddress} like '%.test' or ${emailOutbox.toAddress} like '%.example')`,
    );

  // What happened more than two weeks ago has been read.
  await db
    .update(notifications)
    .set({ readAt: sql`${notifications.createdAt} + interval '2 hours'` })
    .where(sql`${notifications.readAt} is null and ${notifications.createdAt} < now() - interval '14 days'`);

  const [{ total }] = await db.select({ total: count() }).from(cases);
  await database.close();

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Demo data is ready (${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}, ${seconds} s). ` +
      'Sign in at /cvdp/login with:\n',
  );
  console.log(`  ${'roles'.padEnd(28)} ${'email'.padEnd(30)} password`);
  console.log(printed.join('\n'));
  console.log(
    `\nEveryone else below signs in with the password ${sharedPassword}:\n` +
      PEOPLE.map((p) => `  ${p.roles.join('+').padEnd(28)} ${p.email.padEnd(30)} ${p.name}`).join('\n'),
  );
  console.log(
    `\nThe programme: ${created} new case${created === 1 ? '' : 's'}` +
      (kept ? ` (${kept} from an earlier run kept as they were)` : '') +
      `, ${total} in all — pending in triage, active with owners, co-owners, vendors and assignments, closed` +
      ` with resolutions — vendor groups ${VENDORS.map((v) => `"${v.name}"`).join(', ')} (Victor Vendor is` +
      ` Acme Corp's admin), the auto-assignment role "${ROTA}", notifications, activity and a pending` +
      " registration. The story's emails of the last two days wait in the outbox (manage/email/outbox/).",
  );
});
