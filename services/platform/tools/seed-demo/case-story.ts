// How one demo case is told: the reporter's report (through createReport, with its proof-of-concept file
// when the story has one) and then the story's steps, each written through the stores the routes use and
// dated back to its place in time (dating.ts), all in one transaction, so a run stopped halfway leaves no
// half-told case. A case whose submission key exists was told by an earlier run and is left as it is.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ReportFormValues } from '@cvdp/core';
import { reportToQuestions } from '@cvdp/core';
import { type AuthUser, type Db, type FileStorage, type Tx } from '@cvdp/server-kit';
import { createReport, reports } from '@cvdp/coordination';
import { type CaseAccess, loadCaseAccess } from '../../../coordination/src/policy/index.ts';
import type { StoredUpload } from '../../../coordination/src/artifacts/store-upload.ts';
import { dateStep } from './dating.ts';
import { HOUR } from './programme.ts';

/** A file a story attaches (a proof of concept, a patch): small text, stored like an upload. */
export interface DemoFile {
  fileName: string;
  contentType: string;
  text: string;
}

export async function storeFile(storage: FileStorage, file: DemoFile): Promise<StoredUpload> {
  const stored = await storage.put(Readable.from([Buffer.from(file.text)]));
  return { ...stored, fileName: file.fileName, contentType: file.contentType };
}

/** What a story's steps work with, inside the case's transaction. */
export interface CaseSteps {
  tx: Tx;
  /** The transaction as the stores take it (their own transactions nest as savepoints). */
  db: Db;
  caseId: number;
  /** Takes one step `hours` after the previous one (never later than a minute ago) and dates what it wrote. */
  step(hours: number, what: () => Promise<unknown>): Promise<void>;
  /** The story's present: when the last step happened. */
  now(): Date;
  /** The person's access to the case as it is now (their roles in it change as the story goes). */
  access(who: AuthUser): Promise<CaseAccess>;
}

export interface CaseOpening {
  reporter: AuthUser;
  report: ReportFormValues;
  /** Unique per reporter: how a second run knows the case is there. */
  submissionKey: string;
  poc: StoredUpload | null;
  /** When the report came in (ms). */
  startedAt: number;
}

/** The case of this reporter's submission key from an earlier run, or undefined. */
export async function toldBefore(db: Db, reporterId: number, key: string): Promise<number | undefined> {
  const [seen] = await db
    .select({ caseId: reports.caseId })
    .from(reports)
    .where(sql`${reports.submittedBy} = ${reporterId} and ${reports.submissionKey} = ${key}`);
  return seen?.caseId;
}

/** Opens the case with the report, then tells the rest of its story; returns the case id. */
export async function tellCase(
  db: Db,
  opening: CaseOpening,
  story: (c: CaseSteps) => Promise<void>,
): Promise<number> {
  const latest = Date.now() - 60_000;
  return db.transaction(async (tx) => {
    // The database's clock: rows this transaction writes carry its now() (or the app's time, later).
    const [{ since }] = await tx
      .select({ since: sql<number>`extract(epoch from now())::float8 - 1` })
      .from(sql`(select 1) as one`);
    const sinceDate = new Date(Number(since) * 1000);
    const tdb = tx as unknown as Db;
    let clock = Math.min(opening.startedAt, latest);

    const { report } = await createReport(tdb, opening.reporter, {
      report: reportToQuestions(opening.report),
      poc: opening.poc,
      submissionKey: opening.submissionKey,
    });
    const caseId = report.caseId;
    await dateStep(tx, caseId, sinceDate, new Date(clock));

    await story({
      tx,
      db: tdb,
      caseId,
      async step(hours, what) {
        clock = Math.min(clock + hours * HOUR, latest);
        await what();
        await dateStep(tx, caseId, sinceDate, new Date(clock));
      },
      now: () => new Date(clock),
      access: async (who) => (await loadCaseAccess(tdb, who, caseId))!,
    });
    return caseId;
  });
}
