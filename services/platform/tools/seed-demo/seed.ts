// The whole demo, written into an open database through the real stores: the people (people.ts), the
// programme's fifty cases (programme-cases.ts), three published cases from real CVE records
// (published-cases.ts) and the scoring queue (scoring-queue.ts); then what the story's past implies (old
// emails sent, old notifications read) and what each role should try first (guide.ts). Safe to run again:
// a case whose submission key exists is left as it is, vendor groups and users are found by name and
// email, and the queue is an upsert by CVE id and content hash. What a second run changes: every demo
// user's password (printed anew; unless CVDP_DEMO_PASSWORD fixes it) and one more pair of ingest job rows
// (the log of ingest runs).
import { count, sql } from 'drizzle-orm';
import type { Db, FileStorage } from '@cvdp/server-kit';
import {
  cases,
  emailOutbox,
  notifications,
  prepareCoordinationData,
  resolutionOptions,
} from '@cvdp/coordination';
import { type Cast, ADMIN, castOfProgramme } from './people.ts';
import { tellProgramme } from './programme-cases.ts';
import { tellPublished } from './published-cases.ts';
import { fillScoringQueue } from './scoring-queue.ts';
import { type FirstTask, firstTasks } from './guide.ts';

export interface SeedOptions {
  db: Db;
  storage: FileStorage;
  publicUrl: string | undefined;
  /** Folders, zips or files of CVE records for the scoring queue (the command: the repository's folder). */
  records: string[];
  /** Where the guide's addresses start: the public URL, else the server's own address. */
  baseUrl: string;
  /** Every demo user's password instead of new ones (CVDP_DEMO_PASSWORD; the browser tests set it). */
  password?: string;
}

export interface SeedResult {
  cast: Cast;
  cases: { created: number; total: number };
  /** Case ids by story key (programme.ts) and by CVE id (published-cases.ts). */
  caseIds: Map<string, number>;
  published: Map<string, number>;
  queue: Awaited<ReturnType<typeof fillScoringQueue>>;
  tasks: FirstTask[];
}

export async function seedDemo(options: SeedOptions): Promise<SeedResult> {
  const { db, storage, publicUrl } = options;
  await prepareCoordinationData(db);
  const cast = await castOfProgramme(db, options.password);
  const resolutions = new Map(
    (await db.select().from(resolutionOptions)).map((r) => [r.name.toLowerCase(), r.id]),
  );
  const resolutionId = (name: string) => resolutions.get(name.toLowerCase()) ?? null;
  const context = { db, storage, publicUrl, user: cast.user, resolutionId };

  const programme = await tellProgramme(context);
  const published = await tellPublished({ ...context, userId: (email) => cast.user(email).id });
  const queue = await fillScoringQueue(db, { records: options.records, staff: cast.user(ADMIN), publicUrl });

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
  return {
    cast,
    cases: { created: programme.created + published.created, total },
    caseIds: programme.caseIds,
    published: published.caseIds,
    queue,
    tasks: await firstTasks(db, { cast, caseIds: programme.caseIds, baseUrl: options.baseUrl }),
  };
}
