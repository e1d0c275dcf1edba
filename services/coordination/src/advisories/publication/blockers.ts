// The guard rails on publishing (issue 25 item 4): what stands between a revision of the advisory and the
// world, computed by the server — one small check per kind of blocker — so PATCH …/advisory/latest/, the
// confirmation dialog (GET …/advisory/blockers/) and the scheduled publication see the same list.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Blocker, vulLabel } from '@cvdp/core';
import { type Config, type Db, HttpError, groups, users } from '@cvdp/server-kit';
import { caseParticipants } from '../../cases/tables.ts';
import { type CaseAccess, filter } from '../../policy/index.ts';
import { vulnerabilities } from '../../vuls/tables.ts';
import { recordOf } from '../../cve/record-routes.ts';
import { assessCveRecord } from '../../cve/readiness.ts';
import { caseAdvisoryCsaf } from '../csaf-document.ts';
import type { RevisionRow } from '../store.ts';
import { advisoryApprovals } from '../tables.ts';
import type { EmbargoLink } from './embargo-link.ts';

export interface BlockerContext {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  embargo: EmbargoLink;
  /** A staff caller's access to the case (the checks read everything a coordinator may). */
  access: CaseAccess;
  revision: RevisionRow;
  now: Date;
}

const tabLink = (caseId: number, tab: 'advisory' | 'vulnerabilities' | 'participants') =>
  `/cvdp/cases/${caseId}/${tab}`;

/** Vendors asked to approve this revision who have not, or who asked for changes. */
export async function approvalBlockers({ db, revision }: BlockerContext): Promise<Blocker[]> {
  const rows = await db
    .select({
      status: advisoryApprovals.status,
      comment: advisoryApprovals.comment,
      group: groups.name,
      user: users.name,
    })
    .from(advisoryApprovals)
    .innerJoin(caseParticipants, eq(caseParticipants.id, advisoryApprovals.participantId))
    .leftJoin(groups, eq(groups.id, caseParticipants.groupId))
    .leftJoin(users, eq(users.id, caseParticipants.userId))
    .where(
      and(
        eq(advisoryApprovals.revisionId, revision.id),
        inArray(advisoryApprovals.status, ['pending', 'changes_requested']),
      ),
    )
    .orderBy(asc(advisoryApprovals.id));
  const link = tabLink(revision.caseId, 'advisory');
  return rows.map((r) => {
    const vendor = r.group ?? r.user ?? 'A vendor';
    return r.status === 'pending'
      ? {
          code: 'approval_pending',
          message: `${vendor} has not answered the request to approve revision ${revision.revision}.`,
          fix: `Wait for ${vendor}'s approval (Approvals, in the Advisory tab), or ask them in a thread.`,
          link,
        }
      : {
          code: 'approval_declined',
          message:
            `${vendor} requested changes to revision ${revision.revision}` +
            (r.comment ? `: “${r.comment}”` : '.'),
          fix: 'Save a revision with the changes, share it and ask for approval again.',
          link,
        };
  });
}

/** An active embargo whose end is still to come. */
export async function embargoBlockers({ db, embargo, revision, now }: BlockerContext): Promise<Blocker[]> {
  const end = await embargo.activeEnd(db, revision.caseId);
  if (!end || end.getTime() <= now.getTime()) return [];
  return [
    {
      code: 'embargo_active',
      message: `The case is under embargo until ${end.toISOString()}.`,
      fix: 'Schedule the publication at the embargo’s end, or end the embargo early first.',
      link: tabLink(revision.caseId, 'advisory'),
    },
  ];
}

/** The CSAF export of this revision must pass validation (the same build and checks as …/advisory/csaf/). */
export async function csafBlockers({ db, config, access, revision }: BlockerContext): Promise<Blocker[]> {
  const link = tabLink(revision.caseId, 'advisory');
  try {
    const { validation } = await caseAdvisoryCsaf(db, config, access, revision, '2.0', () => true);
    if (validation.valid) return [];
    const failed = validation.failed.map((f) => f.test).join(', ');
    return [
      {
        code: 'csaf_invalid',
        message: `The CSAF export of revision ${revision.revision} fails validation (${failed}).`,
        fix: 'Open the CSAF panel of the Advisory tab to see each failed test, and correct the advisory or the vulnerabilities.',
        link,
      },
    ];
  } catch (error) {
    // The document cannot even be built (no vulnerability covered, a vendor without a status): say why.
    if (!(error instanceof HttpError)) throw error;
    return [
      { code: 'csaf_invalid', message: error.detail, fix: 'Correct it, then check the CSAF panel.', link },
    ];
  }
}

/** Each covered vulnerability needs a CVE id, and its CVE record must pass the CVE JSON 5.1 schema. */
export async function cveBlockers({ db, config, access, revision, now }: BlockerContext): Promise<Blocker[]> {
  const vuls = await db
    .select()
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.caseId, revision.caseId),
        revision.vulIds.length ? inArray(vulnerabilities.id, revision.vulIds) : undefined,
        filter('vul.read', access),
      ),
    )
    .orderBy(asc(vulnerabilities.localId));
  const link = tabLink(revision.caseId, 'vulnerabilities');
  const blockers: Blocker[] = [];
  for (const vul of vuls) {
    const label = vulLabel(vul.caseId, vul.localId);
    if (!vul.cve) {
      blockers.push({
        code: 'cve_missing',
        message: `${label} has no CVE id.`,
        fix: 'Reserve a CVE id under CVE accounts and assign it to the vulnerability, or enter it with Edit.',
        link,
      });
      continue;
    }
    const { record } = await recordOf(db, vul, access, config.publicUrl, now.toISOString().slice(0, 10));
    const { ready, items } = assessCveRecord(record, { advisoryIsReference: !!config.publicUrl });
    if (ready) continue;
    const todo = items.filter((i) => !i.done && i.kind === 'required');
    blockers.push({
      code: 'cve_record_invalid',
      message: `The CVE record of ${label} (${vul.cve.toUpperCase()}) fails the CVE JSON 5.1 schema.`,
      fix: todo.map((i) => i.hint ?? i.label).join(' ') || 'See the CVE record panel of the vulnerability.',
      link,
    });
  }
  return blockers;
}

const CHECKS = [approvalBlockers, embargoBlockers, csafBlockers, cveBlockers];

/** Every blocker of publishing `revision` now, in a stable order (approvals, embargo, CSAF, CVE). */
export async function publicationBlockers(ctx: BlockerContext): Promise<Blocker[]> {
  const found: Blocker[] = [];
  for (const check of CHECKS) found.push(...(await check(ctx)));
  return found;
}

/** A coordinator's view of a case, for work done on nobody's request (the scheduled publication). */
export function staffAccess(caseRow: CaseAccess['case'], actorId: number | null): CaseAccess {
  return {
    userId: actorId ?? 0,
    staff: true,
    groupIds: [],
    caseId: caseRow.id,
    case: caseRow,
    roles: new Set(),
    participantIds: [],
  };
}
