// What each step of a transfer sends, read from our database in the receiver's wire shapes
// (packages/core/src/transfers/receive.ts). The job reads the case as it is when a step runs: a step that
// is resumed sends the items not yet acknowledged, as they are then.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Config, Db } from '@cvdp/server-kit';
import { groups, isStaff, users } from '@cvdp/server-kit';
import type { TransferAdvisory, TransferReport, TransferThread, TransferVuls } from '@cvdp/core';
import { advisoryRevisions } from '../../advisories/tables.ts';
import { artifacts } from '../../artifacts/tables.ts';
import { caseParticipants, cases } from '../../cases/tables.ts';
import { instancePublisher } from '../../csaf/publisher.ts';
import { vendorStatusEntries } from '../../csaf/status-mapping.ts';
import { csafFailureMessages, validateCsaf } from '../../csaf/validate.ts';
import { buildVex, EmptyVexError } from '../../csaf/vex.ts';
import { loadCaseAccess, type CaseAccess } from '../../policy/index.ts';
import { posts } from '../../posts/tables.ts';
import { reports } from '../../reports/tables.ts';
import { threads } from '../../threads/tables.ts';
import { cellsOfVul } from '../../vendor-status/store.ts';
import { vulCvssScores, vulnerabilities, vulSsvcDecisions } from '../../vuls/tables.ts';

export type ArtifactRow = typeof artifacts.$inferSelect;

/** Where our case is, for the receiver's record of who sent it. */
export function caseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, caseId: number): string {
  const base =
    config.publicUrl ??
    `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  return `${base}/cvdp/cases/${caseId}`;
}

export async function reportPayload(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  caseId: number,
  transferUuid: string,
): Promise<TransferReport> {
  const [c] = await db.select().from(cases).where(eq(cases.id, caseId));
  if (!c) throw new Error('The case no longer exists.');
  const [report] = await db
    .select()
    .from(reports)
    .where(eq(reports.caseId, caseId))
    .orderBy(asc(reports.id))
    .limit(1);
  return {
    transfer: transferUuid,
    source: { url: caseUrl(config, caseId), case_id: caseId, case_label: `VU#${caseId}` },
    case: {
      title: c.title,
      summary: c.summary,
      tags: c.tags,
      due_date: c.dueDate,
      public_date: c.publicDate,
      created: c.createdAt.toISOString(),
    },
    report: report ? { report: report.current as never, created: report.createdAt.toISOString() } : null,
  };
}

/** The case's threads, oldest first (the items of the threads step). */
export async function threadIds(db: Db, caseId: number): Promise<number[]> {
  const rows = await db
    .select({ id: threads.id })
    .from(threads)
    .where(eq(threads.caseId, caseId))
    .orderBy(asc(threads.id));
  return rows.map((r) => r.id);
}

const DELETED_POST = '*(deleted post)*';

/**
 * One thread with its posts: top-level posts in order, each with every reply below it (at any depth,
 * flattened in order). The author is the writer's role in the case, plus ' from group ' and the group's name
 * when they wrote for a group; a post received from another instance keeps the author it arrived with.
 */
export async function threadPayload(db: Db, threadId: number): Promise<TransferThread> {
  const [thread] = await db.select().from(threads).where(eq(threads.id, threadId));
  if (!thread) throw new Error(`Thread ${threadId} no longer exists.`);
  const rows = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      authorGroupId: posts.authorGroupId,
      externalAuthor: posts.externalAuthor,
      content: posts.content,
      replyTo: posts.replyTo,
      createdAt: posts.createdAt,
      deletedAt: posts.deletedAt,
      authorRoles: users.roles,
      groupName: groups.name,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(groups, eq(groups.id, posts.authorGroupId))
    .where(eq(posts.threadId, threadId))
    .orderBy(asc(posts.id));
  const participants = await db
    .select({
      userId: caseParticipants.userId,
      groupId: caseParticipants.groupId,
      role: caseParticipants.role,
    })
    .from(caseParticipants)
    .where(eq(caseParticipants.caseId, thread.caseId));
  const roleOf = (row: (typeof rows)[number]): string => {
    // A post this instance received in a transfer keeps the author its sender named when it travels on.
    if (row.externalAuthor) return row.externalAuthor;
    if (row.authorGroupId !== null) {
      const viaGroup = participants.find((p) => p.groupId === row.authorGroupId)?.role ?? 'participant';
      return row.groupName ? `${viaGroup} from group ${row.groupName}` : viaGroup;
    }
    const own = participants.find((p) => p.userId !== null && p.userId === row.authorId)?.role;
    if (own) return own;
    if (row.authorRoles && isStaff({ roles: row.authorRoles } as never)) return 'coordinator';
    return row.authorId === null ? 'former user' : 'participant';
  };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const rootOf = (id: number): number => {
    let current = byId.get(id);
    const seen = new Set<number>();
    while (current && current.replyTo !== null && byId.has(current.replyTo) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.replyTo);
    }
    return current?.id ?? id;
  };
  const item = (r: (typeof rows)[number]) => ({
    content: r.deletedAt || !r.content.trim() ? DELETED_POST : r.content,
    author: roleOf(r),
    created: r.createdAt.toISOString(),
  });
  const top = new Map<number, ReturnType<typeof item> & { replies: ReturnType<typeof item>[] }>();
  for (const r of rows) {
    const root = rootOf(r.id);
    if (root === r.id) top.set(r.id, { ...item(r), replies: [] });
    else top.get(root)?.replies.push(item(r));
  }
  return { subject: thread.subject, official: thread.official, posts: [...top.values()] };
}

/** The case's vulnerabilities with their CVSS vectors (the coordinator's, else the reporter's) and SSVC. */
export async function vulsPayload(db: Db, caseId: number): Promise<TransferVuls> {
  const vuls = await db
    .select()
    .from(vulnerabilities)
    .where(eq(vulnerabilities.caseId, caseId))
    .orderBy(asc(vulnerabilities.localId));
  if (vuls.length === 0) return { vuls: [] };
  const ids = vuls.map((v) => v.id);
  const scores = await db
    .select()
    .from(vulCvssScores)
    .where(inArray(vulCvssScores.vulId, ids))
    .orderBy(asc(vulCvssScores.id));
  const decisionIds = vuls.map((v) => v.ssvcDecisionId).filter((id): id is number => id !== null);
  const decisions = decisionIds.length
    ? await db
        .select()
        .from(vulSsvcDecisions)
        .where(and(inArray(vulSsvcDecisions.id, decisionIds), eq(vulSsvcDecisions.removed, false)))
    : [];
  return {
    vuls: vuls.map((v) => {
      const mine = scores.filter((s) => s.vulId === v.id);
      const versions = [...new Set(mine.map((s) => s.version))];
      const cvss = versions.map((version) => {
        const pick =
          mine.find((s) => s.version === version && s.source === 'coordinator') ??
          mine.find((s) => s.version === version)!;
        return { version: version as '4.0' | '3.1' | '3.0', vector: pick.vector };
      });
      const decision = decisions.find((d) => d.id === v.ssvcDecisionId);
      return {
        source_id: v.id,
        title: v.title,
        description: v.description,
        cwes: v.cwes.map((n) => `CWE-${n}`),
        cve: v.cve,
        references: v.references,
        tags: v.tags,
        cvss,
        ssvc: decision ? { table: decision.decisionTable, values: decision.values } : null,
      };
    }),
  };
}

/** The latest advisory revision, or null when the case has none. */
export async function advisoryPayload(db: Db, caseId: number): Promise<TransferAdvisory | null> {
  const [rev] = await db
    .select()
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.caseId, caseId))
    .orderBy(desc(advisoryRevisions.revision))
    .limit(1);
  if (!rev) return null;
  return {
    title: rev.title,
    summary: rev.summary,
    content: rev.content,
    impact: rev.impact,
    solution: rev.solution,
    references: rev.references,
    credits: rev.credits,
    vulnerabilities: rev.vulIds,
  };
}

/** The case's files, oldest first (the items of the artifacts step). */
export async function caseArtifacts(db: Db, caseId: number): Promise<ArtifactRow[]> {
  return db
    .select()
    .from(artifacts)
    .where(eq(artifacts.caseId, caseId))
    .orderBy(asc(artifacts.createdAt), asc(artifacts.uuid));
}

/** A staff view of the case, for reading the vendor statuses the VEX is built from. */
async function staffAccess(db: Db, caseId: number): Promise<CaseAccess | null> {
  return loadCaseAccess(
    db,
    { id: 0, email: '', name: '', roles: ['coordinator'], groupIds: [] } as never,
    caseId,
  );
}

/**
 * The VEX of each vulnerability that has a vendor status other than unknown (the case's VEX, one CSAF
 * csaf_vex document per vulnerability, as GET /api/vul/{id}/vex/ serves it), validated before it is sent.
 */
export async function vexDocuments(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  caseId: number,
): Promise<{ vulId: number; vex: Record<string, unknown> }[]> {
  const access = await staffAccess(db, caseId);
  if (!access) return [];
  const vuls = await db
    .select()
    .from(vulnerabilities)
    .where(eq(vulnerabilities.caseId, caseId))
    .orderBy(asc(vulnerabilities.localId));
  const out: { vulId: number; vex: Record<string, unknown> }[] = [];
  for (const vul of vuls) {
    const { vendors, rows } = await cellsOfVul(db, access, vul.id);
    const cvss = await db.select().from(vulCvssScores).where(eq(vulCvssScores.vulId, vul.id));
    const entries = vendorStatusEntries(vendors, rows);
    let document;
    try {
      document = buildVex({ ...vul, cvss }, { id: caseId }, entries, instancePublisher(config), {
        engine: { name: 'CVDP' },
      });
    } catch (error) {
      if (error instanceof EmptyVexError) continue;
      throw error;
    }
    const validation = await validateCsaf(document);
    if (!validation.valid) {
      const failed = Object.values(csafFailureMessages(validation)).flat().slice(0, 3).join(' ');
      throw new Error(`The VEX of VU#${caseId}.${vul.localId} does not validate: ${failed}`);
    }
    out.push({ vulId: vul.id, vex: document as unknown as Record<string, unknown> });
  }
  return out;
}
