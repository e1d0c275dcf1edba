// The receiving side of transfers: every call of a connection in one transaction with its idempotency row,
// so a repeated call answers what the first one did and writes nothing, and a refused one leaves nothing.
// Received things have no local author: activity rows name the connection, posts keep the sender's author
// text and time, scores and SSVC outcomes are computed here from the vectors and decision values.
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import {
  CASE_STATUS,
  IDEMPOTENCY_KEY_REUSED,
  TRANSFER_CASE_NOT_FOUND,
  UNKNOWN_CWE_MESSAGE,
  UNKNOWN_CASE_VULS,
  CVE_TAKEN_MESSAGE,
  cweNumber,
  type AdvisoryRevisionInput,
  type ReportQuestionList,
} from '@cvdp/core';
import { scoreCvssVector } from '@cvdp/core/cvss/score-any';
import { decideSsvc } from '@cvdp/core/ssvc/index';
import { type Db, HttpError, type Tx, recordActivity, uniqueViolation, users } from '@cvdp/server-kit';
import { advisoryRevisions } from '../../advisories/tables.ts';
import { artifacts } from '../../artifacts/tables.ts';
import { cases } from '../../cases/tables.ts';
import { connections } from '../../connections/tables.ts';
import { cweEntries } from '../../cwe/tables.ts';
import { raiseActionNeeded } from '../../notifications/actions.ts';
import { posts } from '../../posts/tables.ts';
import { insertReport } from '../../reports/store.ts';
import { threads } from '../../threads/tables.ts';
import { vulCvssScores, vulnerabilities, vulSsvcDecisions } from '../../vuls/tables.ts';
import { receivedTransfers, receivedVuls, transferRequests } from './tables.ts';

export type ConnectionRow = typeof connections.$inferSelect;
type Answer = Record<string, unknown>;

/** Files received by a transfer (and the VEX) are marked so in the case's file list. */
export const TRANSFER_ARTIFACT_SOURCE = 'transfer';

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/**
 * Runs `work` once per (connection, key): the first call claims the key, does the work and keeps its answer
 * (201); a repeat answers the kept answer (200) and does nothing; another payload under the key is a 409.
 * All in one transaction: a refused call (an HttpError from `work`) leaves neither its rows nor its key.
 */
export async function once(
  db: Db,
  connection: ConnectionRow,
  key: string,
  requestHash: string,
  work: (tx: Tx) => Promise<{ answer: Answer; caseId: number }>,
): Promise<{ status: 200 | 201; answer: Answer; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(transferRequests)
      .values({ connectionId: connection.id, key, requestHash })
      .onConflictDoNothing()
      .returning({ id: transferRequests.id });
    if (!claimed) {
      const [prior] = await tx
        .select()
        .from(transferRequests)
        .where(and(eq(transferRequests.connectionId, connection.id), eq(transferRequests.key, key)));
      if (!prior || prior.requestHash !== requestHash) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED);
      return { status: 200 as const, answer: prior.answer ?? {}, repeated: true };
    }
    const { answer, caseId } = await work(tx);
    await tx.update(transferRequests).set({ answer, caseId }).where(eq(transferRequests.id, claimed.id));
    await touchConnection(tx, connection.id);
    return { status: 201 as const, answer, repeated: false };
  });
}

export async function touchConnection(db: Db | Tx, connectionId: number) {
  await db.update(connections).set({ lastContactAt: new Date() }).where(eq(connections.id, connectionId));
}

/** The enabled connection presenting this token hash, or undefined. */
export async function connectionByTokenHash(db: Db, hash: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.incomingTokenHash, hash), eq(connections.enabled, true)));
  return row;
}

/** The received case `caseId` if this connection's transfer created it (locked for the call), else 404. */
async function caseOf(tx: Tx, connection: ConnectionRow, caseId: number) {
  const [row] = await tx
    .select({ caseId: receivedTransfers.caseId })
    .from(receivedTransfers)
    .where(and(eq(receivedTransfers.caseId, caseId), eq(receivedTransfers.connectionId, connection.id)));
  if (!row) throw new HttpError(404, TRANSFER_CASE_NOT_FOUND);
  // Serialises the calls on one case (local vulnerability ids, revision numbers) and marks it changed.
  await tx.update(cases).set({ updatedAt: new Date() }).where(eq(cases.id, caseId));
  return row.caseId;
}

const activity = (tx: Tx, connection: ConnectionRow, caseId: number, verb: string, rest: object) =>
  recordActivity(tx, {
    actorId: null,
    caseId,
    verb,
    ...(rest as { objectType: string; objectId: number | string; after?: Record<string, unknown> }),
  });

// --- report/ ---------------------------------------------------------------------------------------------

export interface ReportInput {
  transfer: string;
  source: { url: string; case_id: number; case_label: string };
  case: {
    title: string;
    summary: string;
    tags: string[];
    due_date: string | null;
    public_date: string | null;
    created: string;
  };
  report: { report: ReportQuestionList; created: string } | null;
}

export async function receiveReport(tx: Tx, connection: ConnectionRow, input: ReportInput) {
  // The same transfer sent again under another key: its case, not a second one.
  const [existing] = await tx
    .select({ caseId: receivedTransfers.caseId })
    .from(receivedTransfers)
    .where(
      and(
        eq(receivedTransfers.connectionId, connection.id),
        eq(receivedTransfers.transferUuid, input.transfer),
      ),
    );
  if (existing) return { answer: { case: existing.caseId }, caseId: existing.caseId };
  const [c] = await tx
    .insert(cases)
    .values({
      title: input.case.title,
      summary: input.case.summary,
      status: CASE_STATUS.PENDING,
      tags: [...new Set(input.case.tags)],
      dueDate: input.case.due_date,
      publicDate: input.case.public_date,
    })
    .returning({ id: cases.id });
  await tx.insert(receivedTransfers).values({
    caseId: c.id,
    connectionId: connection.id,
    connectionName: connection.name,
    transferUuid: input.transfer,
    sourceUrl: input.source.url,
    sourceCaseId: input.source.case_id,
    sourceCaseLabel: input.source.case_label,
  });
  let reportId: number | null = null;
  if (input.report) {
    // Written like every report; no local submitter, the sender's time.
    const r = await insertReport(tx, {
      caseId: c.id,
      submittedBy: null,
      list: input.report.report,
      createdAt: new Date(input.report.created),
    });
    reportId = r.id;
  }
  await activity(tx, connection, c.id, `transferred from ${connection.name}`, {
    objectType: 'case',
    objectId: c.id,
    after: {
      title: input.case.title,
      connection: connection.name,
      source_url: input.source.url,
      source_case: input.source.case_id,
      source_label: input.source.case_label,
      source_created: input.case.created,
      report: reportId,
    },
  });
  await askToAccept(tx, c.id, connection.name);
  return { answer: { case: c.id }, caseId: c.id };
}

/**
 * Action needed for the coordinators: a transferred case waits in triage until one of them accepts it
 * (activates it) or declines it (closes it) — cases/store.ts resolves the request on either.
 */
async function askToAccept(tx: Tx, caseId: number, from: string) {
  const coordinators = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.roles} && array['coordinator']::text[]`);
  await raiseActionNeeded(tx, {
    kind: 'transfer',
    objectId: caseId,
    caseId,
    actorId: null,
    userIds: coordinators.map((u) => u.id),
    title: `Case #${caseId} was transferred from ${from}: accept it (activate) or decline it (close)`,
    link: `/cvdp/cases/${caseId}`,
  });
}

// --- case/{id}/thread/ -----------------------------------------------------------------------------------

interface PostInput {
  content: string;
  author: string;
  created: string;
}
export interface ThreadInput {
  subject: string;
  official: boolean;
  posts: (PostInput & { replies: PostInput[] })[];
}

const CHUNK = 500;

async function insertPosts(
  tx: Tx,
  rows: (PostInput & { threadId: number; caseId: number; replyTo: number | null })[],
  render: (markdown: string) => string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    // One statement per chunk, each row numbered, so ids are matched to posts whatever order they return in.
    const inserted = await tx
      .insert(posts)
      .values(
        chunk.map((p) => ({
          threadId: p.threadId,
          caseId: p.caseId,
          externalAuthor: p.author,
          content: p.content,
          html: render(p.content),
          replyTo: p.replyTo,
          createdAt: new Date(p.created),
          modifiedAt: new Date(p.created),
        })),
      )
      .returning({ id: posts.id });
    // INSERT … VALUES … RETURNING answers in VALUES order in PostgreSQL (and PGlite), ids ascending.
    ids.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
  }
  return ids;
}

export async function receiveThread(
  tx: Tx,
  connection: ConnectionRow,
  id: number,
  input: ThreadInput,
  render: (markdown: string) => string,
) {
  const caseId = await caseOf(tx, connection, id);
  const times = input.posts.flatMap((p) => [p.created, ...p.replies.map((r) => r.created)]).map(Date.parse);
  const postCount = times.length;
  const [thread] = await tx
    .insert(threads)
    .values({
      caseId,
      subject: input.subject,
      official: input.official,
      postCount,
      lastPostAt: postCount ? new Date(Math.max(...times)) : null,
    })
    .returning({ id: threads.id });
  const rootIds = await insertPosts(
    tx,
    input.posts.map((p) => ({ ...p, threadId: thread.id, caseId, replyTo: null })),
    render,
  );
  const replies = input.posts.flatMap((p, i) =>
    p.replies.map((r) => ({ ...r, threadId: thread.id, caseId, replyTo: rootIds[i] })),
  );
  await insertPosts(tx, replies, render);
  await activity(tx, connection, caseId, 'received thread', {
    objectType: 'thread',
    objectId: thread.id,
    after: { subject: input.subject, connection: connection.name, posts: postCount },
  });
  return { answer: { thread: thread.id }, caseId };
}

// --- case/{id}/vuls/ -------------------------------------------------------------------------------------

export interface VulInput {
  source_id: number;
  title: string;
  description: string;
  cwes: string[];
  cve: string | null;
  references: string[];
  tags: string[];
  cvss: { version: string; vector: string }[];
  ssvc: { table: string; values: Record<string, string> } | null;
}

export async function receiveVuls(tx: Tx, connection: ConnectionRow, id: number, vuls: VulInput[]) {
  const caseId = await caseOf(tx, connection, id);
  const known = new Map(
    (await tx.select().from(receivedVuls).where(eq(receivedVuls.caseId, caseId))).map((r) => [
      r.sourceId,
      r.vulId,
    ]),
  );
  // Every CWE named must be in this instance's catalogue.
  const wanted = [...new Set(vuls.flatMap((v) => v.cwes.map((c) => cweNumber(c)!)))];
  const found = wanted.length
    ? new Set(
        (await tx.select({ id: cweEntries.id }).from(cweEntries).where(inArray(cweEntries.id, wanted))).map(
          (r) => r.id,
        ),
      )
    : new Set<number>();
  const [{ top }] = await tx
    .select({ top: max(vulnerabilities.localId) })
    .from(vulnerabilities)
    .where(eq(vulnerabilities.caseId, caseId));
  let localId = top ?? 0;
  const answer: { source_id: number; id: number }[] = [];
  for (const [i, v] of vuls.entries()) {
    const at = (field: string) => `vuls.${i}.${field}`;
    const mapped = known.get(v.source_id);
    if (mapped !== undefined) {
      answer.push({ source_id: v.source_id, id: mapped });
      continue;
    }
    const cwes = [...new Set(v.cwes.map((c) => cweNumber(c)!))];
    const missing = cwes.filter((n) => !found.has(n));
    if (missing.length)
      throw badField(
        at('cwes'),
        `${UNKNOWN_CWE_MESSAGE} (${missing.map((n) => `CWE-${n}`).join(', ')}: import the CWE catalogue here)`,
      );
    const scores = v.cvss.map((c, j) => {
      const scored = scoreCvssVector(c.vector);
      if (!scored.ok) throw badField(`${at('cvss')}.${j}.vector`, scored.message);
      if (scored.version !== c.version)
        throw badField(
          `${at('cvss')}.${j}.version`,
          `The vector is CVSS ${scored.version}, not ${c.version}.`,
        );
      return scored;
    });
    if (new Set(scores.map((s) => s.version)).size !== scores.length)
      throw badField(at('cvss'), 'One vector per CVSS version.');
    const decision = v.ssvc ? decideSsvc(v.ssvc.table, v.ssvc.values) : null;
    if (decision && !decision.ok) throw badField(`${at('ssvc')}.${decision.field}`, decision.message);
    let row;
    try {
      [row] = await tx
        .insert(vulnerabilities)
        .values({
          caseId,
          localId: ++localId,
          title: v.title,
          description: v.description,
          cwes,
          cve: v.cve,
          references: v.references,
          tags: v.tags,
        })
        .returning();
    } catch (error) {
      if (uniqueViolation(error) === 'vulnerabilities_cve_idx') throw badField(at('cve'), CVE_TAKEN_MESSAGE);
      throw error;
    }
    for (const s of scores) {
      await tx.insert(vulCvssScores).values({
        vulId: row.id,
        caseId,
        version: s.version,
        source: 'coordinator',
        vector: s.vector,
        score: s.score,
        severity: s.severity,
        scoredBy: null,
        scoredAt: new Date(),
      });
    }
    if (decision?.ok) {
      const d = decision.decision;
      const [saved] = await tx
        .insert(vulSsvcDecisions)
        .values({
          vulId: row.id,
          caseId,
          decisionTable: d.table,
          tableVersion: d.tableVersion,
          values: d.values,
          outcome: d.outcome.key,
          outcomeName: d.outcome.name,
          vector: d.vector,
          selectionList: d.selectionList as unknown as Record<string, unknown>,
          decidedBy: null,
        })
        .returning({ id: vulSsvcDecisions.id });
      await tx
        .update(vulnerabilities)
        .set({ ssvcDecisionId: saved.id })
        .where(eq(vulnerabilities.id, row.id));
    }
    await tx.insert(receivedVuls).values({ caseId, sourceId: v.source_id, vulId: row.id });
    known.set(v.source_id, row.id);
    await activity(tx, connection, caseId, 'received vulnerability', {
      objectType: 'vul',
      objectId: row.id,
      after: {
        title: row.title,
        cve: row.cve,
        connection: connection.name,
        cvss: scores.map((s) => ({ version: s.version, score: s.score })),
        ssvc: decision?.ok ? decision.decision.outcome.key : null,
      },
    });
    answer.push({ source_id: v.source_id, id: row.id });
  }
  return { answer: { vuls: answer }, caseId };
}

// --- case/{id}/advisory/ ---------------------------------------------------------------------------------

export type AdvisoryInput = Required<Omit<AdvisoryRevisionInput, 'vulnerabilities'>> & {
  vulnerabilities: number[];
};

export async function receiveAdvisory(tx: Tx, connection: ConnectionRow, id: number, input: AdvisoryInput) {
  const caseId = await caseOf(tx, connection, id);
  // The sender's vulnerability ids, as received by the vuls step.
  const mapped = input.vulnerabilities.length
    ? await tx
        .select({ sourceId: receivedVuls.sourceId, vulId: receivedVuls.vulId })
        .from(receivedVuls)
        .where(and(eq(receivedVuls.caseId, caseId), inArray(receivedVuls.sourceId, input.vulnerabilities)))
    : [];
  if (mapped.length !== input.vulnerabilities.length) throw badField('vulnerabilities', UNKNOWN_CASE_VULS);
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${advisoryRevisions.revision}), 0) + 1`.mapWith(Number) })
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.caseId, caseId));
  const [row] = await tx
    .insert(advisoryRevisions)
    .values({
      caseId,
      revision: next,
      title: input.title,
      summary: input.summary,
      content: input.content,
      impact: input.impact,
      solution: input.solution,
      references: input.references,
      credits: input.credits,
      vulIds: mapped.map((m) => m.vulId),
      source: 'transfer',
    })
    .returning({ id: advisoryRevisions.id, revision: advisoryRevisions.revision });
  await activity(tx, connection, caseId, 'received advisory', {
    objectType: 'advisory',
    objectId: row.id,
    after: { revision: row.revision, title: input.title, connection: connection.name },
  });
  return { answer: { revision: row.id }, caseId };
}

// --- case/{id}/artifacts/ and case/{id}/status/ ----------------------------------------------------------

export interface StoredFileInput {
  key: string;
  size: number;
  sha256: string;
  fileName: string;
  contentType: string;
}

export async function receiveFile(
  tx: Tx,
  connection: ConnectionRow,
  id: number,
  file: StoredFileInput,
  verb: 'received file' | 'received VEX',
) {
  const caseId = await caseOf(tx, connection, id);
  const [row] = await tx
    .insert(artifacts)
    .values({
      caseId,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storageKey: file.key,
      source: TRANSFER_ARTIFACT_SOURCE,
    })
    .returning({ uuid: artifacts.uuid });
  await activity(tx, connection, caseId, verb, {
    objectType: 'artifact',
    objectId: row.uuid,
    after: { file_name: file.fileName, size: file.size, sha256: file.sha256, connection: connection.name },
  });
  return { answer: { uuid: row.uuid, sha256: file.sha256, size: file.size }, caseId };
}
