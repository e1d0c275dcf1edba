// The scheduled-publication worker (issue 25 item 5), built like the email outbox's (email/worker.ts).
//
// Claiming: one UPDATE takes the due rows (`FOR UPDATE SKIP LOCKED`) and moves their lease ahead, so no other
// worker touches a row while it is being acted on. "Due" and the lease compare with the clock's time passed in
// as a parameter (app.clock.now()), never SQL now(): tests move a ManualClock and watch it happen.
//
// Exactly once: the decision and everything it changes — the revision published (date_published), its
// activity, the embargo exited, the participants notified, the schedule marked `published` (or `blocked` with
// its blockers, the owners notified) — happen in ONE transaction that first locks the schedule row and checks
// it is still `scheduled` and still ours (its lease is the one we took). A worker that dies before the commit
// changes nothing, and the row comes due again when the lease ends; a second worker racing the first waits on
// the row lock and then finds it no longer scheduled.
//
// The CVE records (when asked) go to CVE Services after that commit — an outside call cannot be in the
// transaction. `cves_done` stays false until they are sent, so a worker that dies in between sends them after
// the lease ends; sending a record that exists already updates it, so a repeat does no harm.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Blocker } from '@cvdp/core';
import {
  type Clock,
  type Config,
  type Db,
  type NotificationsListener,
  type OutboundHttp,
  type Tx,
  notificationsOf,
  recordActivity,
  WokenLoop,
} from '@cvdp/server-kit';
import { cases } from '../../cases/tables.ts';
import { caseStaffUserIds, notify, participantUserIds } from '../../notifications/notify.ts';
import { sendCveRecord } from '../../cve/record-routes.ts';
import { vulnerabilities } from '../../vuls/tables.ts';
import { advisoryRevisions } from '../tables.ts';
import { publicationBlockers, staffAccess } from './blockers.ts';
import type { EmbargoLink } from './embargo-link.ts';
import { PUBLICATION_CHANNEL, type ScheduleRow, latestSharedRevision } from './store.ts';
import { advisoryPublications, type CveResult } from './tables.ts';

export interface PublicationWorkerOptions {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'secretKey'>;
  outbound: OutboundHttp;
  embargo: EmbargoLink;
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notifications?: NotificationsListener;
  /**
   * Tests only: called inside the publishing transaction just before it commits. Throwing there is a crash
   * between the steps — nothing of the publication may remain.
   */
  beforeCommit?: (row: ScheduleRow) => Promise<void> | void;
}

export const PUBLICATION_DEFAULTS = { pollIntervalMs: 30_000, leaseMs: 5 * 60_000, batchSize: 10 } as const;

export class PublicationWorker {
  private readonly loop: WokenLoop;
  private readonly o: PublicationWorkerOptions &
    Required<Pick<PublicationWorkerOptions, 'pollIntervalMs' | 'leaseMs' | 'batchSize'>>;

  constructor(options: PublicationWorkerOptions) {
    this.o = { ...PUBLICATION_DEFAULTS, ...options };
    this.loop = new WokenLoop({
      channel: PUBLICATION_CHANNEL,
      pollIntervalMs: this.o.pollIntervalMs,
      notifications: () => this.o.notifications ?? notificationsOf(this.o.db),
      drain: () => this.drain(),
      onDrainError: (error) => this.o.log?.error({ err: error }, 'scheduled publication: could not run'),
      onListenError: (error) =>
        this.o.log?.warn({ err: error }, 'scheduled publication: not woken by NOTIFY, polling only'),
    });
  }

  start() {
    this.loop.start();
  }

  /** Look now (the test clock moved). */
  wake() {
    this.loop.wake();
  }

  async stop() {
    await this.loop.stop();
  }

  private async drain() {
    for (;;) {
      const claimed = await this.runOnce();
      if (claimed < this.o.batchSize || this.loop.stopping) return;
    }
  }

  /** Claims the due rows and acts on each; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const now = this.o.clock.now();
    const leaseUntil = new Date(now.getTime() + this.o.leaseMs);
    const result = await this.o.db.execute(sql`
      update advisory_publications
         set lease_until = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
       where id in (select id from advisory_publications
                     where ((state = 'scheduled' and due_at <= ${now.toISOString()}::timestamptz)
                            or (state = 'published' and not cves_done))
                       and (lease_until is null or lease_until <= ${now.toISOString()}::timestamptz)
                     order by due_at, id
                     limit ${this.o.batchSize}
                     for update skip locked)
      returning id`);
    const ids = (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    for (const id of ids) {
      if (this.loop.stopping) break;
      try {
        await this.act(id, leaseUntil, now);
      } catch (error) {
        // The row stays claimed until its lease ends, then comes due again.
        this.o.log?.error({ err: error, publication: id }, 'scheduled publication failed; will retry');
      }
    }
    return ids.length;
  }

  private async act(id: number, lease: Date, now: Date) {
    const [row] = await this.o.db.select().from(advisoryPublications).where(eq(advisoryPublications.id, id));
    if (!row) return;
    if (row.state === 'scheduled') await this.publish(row, lease, now);
    const [after] = await this.o.db
      .select()
      .from(advisoryPublications)
      .where(eq(advisoryPublications.id, id));
    if (after?.state === 'published' && !after.cvesDone && sameLease(after, lease))
      await this.sendCves(after);
  }

  private async publish(row: ScheduleRow, lease: Date, now: Date) {
    const { db, embargo } = this.o;
    // At the embargo's end: a later end (the embargo was extended) moves the schedule with it.
    if (row.when === 'embargo_end') {
      const end = await embargo.activeEnd(db, row.caseId);
      if (end && end.getTime() > now.getTime()) {
        await db
          .update(advisoryPublications)
          .set({ dueAt: end, leaseUntil: null })
          .where(and(eq(advisoryPublications.id, row.id), eq(advisoryPublications.state, 'scheduled')));
        return;
      }
    }
    const [caseRow] = await db.select().from(cases).where(eq(cases.id, row.caseId));
    const revision = await latestSharedRevision(db, row.caseId);
    // Computed before the transaction (the CSAF and CVE checks read much; PGlite has one connection).
    const blockers: Blocker[] = revision
      ? await publicationBlockers({
          db,
          config: this.o.config,
          embargo,
          access: staffAccess(caseRow, row.createdBy),
          revision,
          now,
        })
      : [];
    await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(advisoryPublications)
        .where(eq(advisoryPublications.id, row.id))
        .for('update');
      if (!locked || locked.state !== 'scheduled' || !sameLease(locked, lease)) return;
      if (!revision || blockers.length) await this.block(tx, locked, blockers, now);
      else await this.publishIn(tx, locked, revision, now);
      await this.o.beforeCommit?.(locked);
    });
  }

  private async block(tx: Tx, row: ScheduleRow, blockers: Blocker[], now: Date) {
    await tx
      .update(advisoryPublications)
      .set({ state: 'blocked', blockers, finishedAt: now, leaseUntil: null })
      .where(eq(advisoryPublications.id, row.id));
    await recordActivity(tx, {
      actorId: null,
      caseId: row.caseId,
      verb: 'scheduled publication blocked',
      objectType: 'advisory_publication',
      objectId: row.id,
      after: { blockers: blockers.map((b) => b.code) },
    });
    const lines = blockers.map((b) => `- ${b.message} ${b.fix}`).join('\n');
    await notify(tx, {
      caseId: row.caseId,
      kind: 'publication_blocked',
      actorId: null,
      userIds: await ownerUserIds(tx, row),
      title: `The scheduled publication of the advisory of case #${row.caseId} did not happen: ${blockers.length} blocker${blockers.length === 1 ? '' : 's'}`,
      body: lines,
      vars: { blockers: lines },
      publicUrl: this.o.config.publicUrl,
    });
  }

  private async publishIn(
    tx: Tx,
    row: ScheduleRow,
    revision: typeof advisoryRevisions.$inferSelect,
    now: Date,
  ) {
    const datePublished = now.toISOString().slice(0, 10);
    await tx
      .update(advisoryRevisions)
      .set({ published: true, datePublished, updatedAt: sql`now()` })
      .where(eq(advisoryRevisions.id, revision.id));
    await recordActivity(tx, {
      actorId: row.createdBy,
      caseId: row.caseId,
      verb: 'published',
      objectType: 'advisory',
      objectId: revision.id,
      before: { published: revision.published, date_published: revision.datePublished },
      after: { revision: revision.revision, date_published: datePublished, scheduled: row.id },
    });
    await this.o.embargo.exitOnPublication(tx, { caseId: row.caseId, actorId: row.createdBy, at: now });
    await tx
      .update(advisoryPublications)
      .set({
        state: 'published',
        revisionId: revision.id,
        finishedAt: now,
        cvesDone: !row.publishCves,
        // Kept while CVE records are still to send: this worker sends them next.
        ...(row.publishCves ? {} : { leaseUntil: null }),
      })
      .where(eq(advisoryPublications.id, row.id));
    await notify(tx, {
      caseId: row.caseId,
      kind: 'advisory_published',
      actorId: null,
      userIds: [...(await participantUserIds(tx, row.caseId)), ...(await caseStaffUserIds(tx, row.caseId))],
      title: `Revision ${revision.revision} of the advisory of case #${row.caseId} was published as scheduled`,
      vars: { revision: String(revision.revision) },
      publicUrl: this.o.config.publicUrl,
    });
  }

  /** Sends the covered vulnerabilities' CVE records; each result is kept on the schedule. */
  private async sendCves(row: ScheduleRow) {
    const { db } = this.o;
    const [caseRow] = await db.select().from(cases).where(eq(cases.id, row.caseId));
    const [revision] = await db
      .select()
      .from(advisoryRevisions)
      .where(eq(advisoryRevisions.id, row.revisionId ?? 0));
    const vuls = await db
      .select()
      .from(vulnerabilities)
      .where(
        and(
          eq(vulnerabilities.caseId, row.caseId),
          revision?.vulIds.length ? inArray(vulnerabilities.id, revision.vulIds) : undefined,
        ),
      )
      .orderBy(asc(vulnerabilities.localId));
    const results: CveResult[] = [];
    for (const vul of vuls) {
      if (!vul.cve) continue;
      try {
        const sent = await sendCveRecord(
          { db, config: this.o.config, outbound: this.o.outbound },
          vul,
          staffAccess(caseRow, row.createdBy),
          row.createdBy,
        );
        results.push({ cve_id: sent.cveId, ok: true, message: sent.message });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({ cve_id: vul.cve.toUpperCase(), ok: false, message });
      }
    }
    await db
      .update(advisoryPublications)
      .set({ cvesDone: true, cveResults: results, leaseUntil: null })
      .where(eq(advisoryPublications.id, row.id));
  }
}

const sameLease = (row: ScheduleRow, lease: Date) => row.leaseUntil?.getTime() === lease.getTime();

/** The case's owners (staff among them) and assigned coordinators, else whoever scheduled it. */
async function ownerUserIds(tx: Tx, row: ScheduleRow): Promise<number[]> {
  const staff = await caseStaffUserIds(tx, row.caseId);
  return staff.length ? staff : row.createdBy !== null ? [row.createdBy] : [];
}
