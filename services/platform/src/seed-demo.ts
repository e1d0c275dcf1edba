// `npm run seed:demo`: one demo user per role (printed with their passwords), a vendor group, a pending
// registration and two sample reports. Safe to run again: users get fresh passwords, samples are not doubled.
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { type ReportFormValues, emptyReportForm, emptyVulnerability, reportToQuestions } from '@cvdp/core';
import {
  type AuthUser,
  type Db,
  type Role,
  groupMembers,
  groups,
  hashPassword,
  loadAuthUser,
  loadConfig,
  openDatabase,
  users,
  runCommand,
} from '@cvdp/server-kit';
import { reports } from '@cvdp/coordination';
import { createReport, prepareCoordinationData } from '@cvdp/coordination';

runCommand(async () => {
  interface DemoUser {
    email: string;
    name: string;
    roles: Role[];
  }

  const DEMO_USERS: DemoUser[] = [
    { email: 'admin@demo.cvdp.test', name: 'Ada Admin', roles: ['admin', 'coordinator', 'reporter'] },
    { email: 'coordinator@demo.cvdp.test', name: 'Cora Coordinator', roles: ['coordinator', 'reporter'] },
    { email: 'scorer@demo.cvdp.test', name: 'Sam Scorer', roles: ['scorer', 'reporter'] },
    { email: 'reporter@demo.cvdp.test', name: 'Rita Reporter', roles: ['reporter'] },
    { email: 'vendor@demo.cvdp.test', name: 'Victor Vendor', roles: ['reporter'] },
  ];

  /** Readable but strong: four groups of letters and digits. */
  const newPassword = () =>
    Array.from({ length: 4 }, () =>
      randomBytes(4).toString('base64url').replace(/[-_]/g, 'x').slice(0, 5),
    ).join('-');

  async function upsertUser(db: Db, u: DemoUser, password: string): Promise<number> {
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

  function sampleReport(title: string, product: string, vector: string, cwes: string[]): ReportFormValues {
    return {
      ...emptyReportForm(),
      title,
      product,
      notified: 'No',
      vendor_contact: 'security@acme.example',
      disclosure_plans: 'Yes',
      disclosure_details: 'We plan to publish 90 days after the vendor is notified.',
      vulnerabilities: [
        {
          ...emptyVulnerability(),
          description: `${title}: an attacker can exploit ${product} over the network.`,
          cwes,
          showCvss: 'Yes',
          cvss: vector,
          disclosed: 'No',
          active_exploitation: 'No',
        },
      ],
    };
  }

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

  let [acme] = await db.select().from(groups).where(eq(groups.name, 'Acme Corp'));
  acme ??= (
    await db
      .insert(groups)
      .values({ name: 'Acme Corp', kind: 'vendor', contactEmails: ['security@acme.example'] })
      .returning()
  )[0];
  await db
    .insert(groupMembers)
    .values({ groupId: acme.id, userId: ids.get('vendor@demo.cvdp.test')!, isAdmin: true })
    .onConflictDoNothing();

  await db
    .insert(users)
    .values({
      email: 'pending@demo.cvdp.test',
      name: 'Pat Pending',
      passwordHash: await hashPassword(newPassword()),
    })
    .onConflictDoNothing();

  const reporter = (await loadAuthUser(db, ids.get('reporter@demo.cvdp.test')!)) as AuthUser;
  const samples = [
    sampleReport(
      'SQL injection in login form',
      'Acme Portal 2.3',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N',
      ['CWE-89'],
    ),
    sampleReport(
      'Stored XSS in comments',
      'Acme Blog 1.0',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:L/VI:L/VA:N/SC:L/SI:L/SA:N',
      ['CWE-79'],
    ),
  ];
  for (const [i, values] of samples.entries()) {
    const key = `demo-sample-${i}`;
    const [seen] = await db.select({ id: reports.id }).from(reports).where(eq(reports.submissionKey, key));
    if (!seen)
      await createReport(db, reporter, { report: reportToQuestions(values), poc: null, submissionKey: key });
  }

  await database.close();
  console.log(
    `Demo data is ready (${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}). Sign in at /cvdp/login with:\n`,
  );
  console.log(`  ${'roles'.padEnd(28)} ${'email'.padEnd(30)} password`);
  console.log(printed.join('\n'));
  console.log(
    '\nAlso created: the vendor group "Acme Corp" (Victor Vendor is its admin), a pending registration and two sample reports by Rita Reporter.',
  );
});
