// What each demo role should try first: who signs in (email, password), where they land or should go, and
// one task the demo data has waiting for them there. Read back from the database, so it stays true on a
// second run (a case someone already answered is not offered again).
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { type Db, groups, users } from '@cvdp/server-kit';
import { advisoryApprovals, caseParticipants, cases, posts, threads } from '@cvdp/coordination';
import { cveRecords } from '../../../scoring/src/records/tables.ts';
import { ADMIN, COORDINATOR, type Cast, PEOPLE, REPORTER, SCORER, VENDOR, VENDORS } from './people.ts';

export interface FirstTask {
  role: string;
  email: string;
  password: string;
  /** Where to go after signing in (the home page when it already shows the task). */
  url: string;
  task: string;
}

const ACME = VENDORS[0].name;

/** Active cases Acme was sent, with a vulnerability Acme has said nothing about. */
async function waitingForAcme(db: Db): Promise<number[]> {
  const rows = await db.execute(sql`
    select distinct c.id from ${cases} c
    join ${caseParticipants} p on p.case_id = c.id and p.role = 'vendor' and p.notified_at is not null
    join ${groups} g on g.id = p.group_id and g.name = ${ACME}
    join vulnerabilities v on v.case_id = c.id
    where c.status = 1 and not exists (
      select 1 from vendor_status s where s.vul_id = v.id and s.participant_id = p.id and s.status <> 'unknown')
    order by c.id`);
  return (rows as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

async function acmeApprovalCase(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ caseId: advisoryApprovals.caseId })
    .from(advisoryApprovals)
    .innerJoin(caseParticipants, eq(caseParticipants.id, advisoryApprovals.participantId))
    .innerJoin(groups, eq(groups.id, caseParticipants.groupId))
    .where(and(eq(groups.name, ACME), eq(advisoryApprovals.status, 'pending')))
    .orderBy(desc(advisoryApprovals.id))
    .limit(1);
  return row?.caseId ?? null;
}

/** Rita's case whose thread ends with a question to her, newest first. */
async function questionForReporter(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ caseId: posts.caseId })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(
      sql`${posts.id} = (select max(id) from ${posts} last where last.thread_id = ${threads.id}) and ${posts.content} like ${`@${name}:%`}`,
    )
    .orderBy(desc(posts.createdAt))
    .limit(1);
  return row?.caseId ?? null;
}

export async function firstTasks(
  db: Db,
  options: { cast: Cast; caseIds: Map<string, number>; baseUrl: string },
): Promise<FirstTask[]> {
  const { cast, baseUrl } = options;
  const app = `${baseUrl}/cvdp`;
  const password = (email: string) => cast.passwords.find((p) => p.person.email === email)!.password;
  const task = (role: string, email: string, url: string, what: string): FirstTask => ({
    role,
    email,
    password: password(email),
    url,
    task: what,
  });

  const [triage] = await db
    .select({ id: cases.id, n: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(cases)
    .where(eq(cases.status, 0))
    .orderBy(asc(cases.createdAt))
    .limit(1);
  const waiting = await waitingForAcme(db);
  const approval = await acmeApprovalCase(db);
  const [queue] = await db.select({ n: count() }).from(cveRecords);
  const [kev] = await db
    .select({ cve: cveRecords.cveId })
    .from(cveRecords)
    .where(and(eq(cveRecords.kev, true), eq(cveRecords.status, 'open')))
    .orderBy(desc(cveRecords.datePublished))
    .limit(1);
  const question = await questionForReporter(db, cast.user(REPORTER).name);
  const [pending] = await db.select({ n: count() }).from(users).where(eq(users.pending, true));

  const vendorWork = [
    approval !== null ? `approve the advisory of case #${approval}` : null,
    waiting.length
      ? `set ${ACME}'s status in case${waiting.length > 1 ? 's' : ''} #${waiting.join(', #')}`
      : null,
  ].filter(Boolean);
  return [
    task(
      'coordinator',
      COORDINATOR,
      `${app}/triage`,
      triage
        ? `activate the oldest of ${triage.n} new reports (case #${triage.id}); your desk is the home page`
        : 'your desk is the home page: your open cases',
    ),
    task(
      'vendor',
      VENDOR,
      approval !== null ? `${app}/cases/${approval}/advisory` : `${app}/`,
      vendorWork.length
        ? `${vendorWork.join('; then ')} (home: ${ACME}'s open cases)`
        : `${ACME}'s open cases`,
    ),
    task(
      'scorer',
      SCORER,
      `${app}/scoring`,
      `the home page is the queue (${queue.n} records)` +
        (kev ? `: lock ${kev.cve} (in CISA's KEV) and score it` : ''),
    ),
    task(
      'reporter',
      REPORTER,
      question !== null ? `${app}/cases/${question}/threads` : `${app}/reports/`,
      question !== null ? "answer the coordinator's question in the case's thread" : 'your reports',
    ),
    task(
      'admin',
      ADMIN,
      `${app}/admin/users/pending`,
      pending.n ? `approve the pending registration (${pending.n} waiting)` : 'the users of the programme',
    ),
  ];
}

/** The lines `npm run seed:demo` prints: per role one line to sign in, one with the task. */
export function formatGuide(
  tasks: FirstTask[],
  summary: { where: string; seconds: string; loginUrl: string; sharedPassword: string; facts: string },
): string {
  const width = Math.max(...tasks.map((t) => t.email.length));
  const lines = tasks.flatMap((t) => [
    `  ${t.role.padEnd(12)} ${t.email.padEnd(width)}  ${t.password}`,
    `  ${''.padEnd(12)} ${t.url} — ${t.task}`,
  ]);
  const others = PEOPLE.map((p) => p.email.replace('@demo.cvdp.test', '')).join(', ');
  return [
    `Demo data is ready (${summary.where}, ${summary.seconds} s). Sign in at ${summary.loginUrl}; first try:`,
    '',
    ...lines,
    '',
    `Everyone else (${others}; all @demo.cvdp.test) signs in with ${summary.sharedPassword}.`,
    summary.facts,
  ].join('\n');
}
