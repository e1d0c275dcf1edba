// The advisory's CSAF document, built from the typed model for one revision and validated: shared by the
// per-case export (csaf-routes.ts: the latest revision the caller may read) and the CSAF trusted provider
// (provider/: each case's latest published revision).
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  CSAF_NO_STATUS,
  CSAF_NO_VULNERABILITIES,
  type CsafAdvisoryCategory,
  type CsafTlpLabel,
  type CsafVendorOverride,
  SSVC_TABLES,
  type SsvcSelectionList,
  publicAdvisoryPath,
} from '@cvdp/core';
import { type Config, type Db, HttpError } from '@cvdp/server-kit';
import { type CaseAccess, filter } from '../policy/index.ts';
import { cellsOf, vendorParticipants } from '../vendor-status/store.ts';
import { vulCvssScores, vulSsvcDecisions, vulnerabilities } from '../vuls/tables.ts';
import { type AdvisoryVulnerability, NoStatusError, buildAdvisoryCsaf } from '../csaf/advisory.ts';
import { instancePublisher } from '../csaf/publisher.ts';
import { defaultSettings, findProfile, findSettings, profilePublisher } from '../csaf/store.ts';
import { type CsafValidation, validateCsaf, validateCsaf21 } from '../csaf/validate.ts';
import { vendorStatusEntries } from '../csaf/status-mapping.ts';
import type { RevisionRow } from './store.ts';
import { advisoryRevisions } from './tables.ts';

/** The covered vulnerabilities with their scores, SSVC decision and vendor statuses. */
export async function vulnerabilitiesOf(
  db: Db,
  access: CaseAccess,
  latest: RevisionRow,
): Promise<AdvisoryVulnerability[]> {
  const vuls = await db
    .select()
    .from(vulnerabilities)
    .where(
      and(
        eq(vulnerabilities.caseId, access.caseId),
        latest.vulIds.length ? inArray(vulnerabilities.id, latest.vulIds) : undefined,
        filter('vul.read', access),
      ),
    )
    .orderBy(asc(vulnerabilities.localId));
  if (vuls.length === 0) return [];
  const ids = vuls.map((v) => v.id);
  const cvss = await db
    .select()
    .from(vulCvssScores)
    .where(and(inArray(vulCvssScores.vulId, ids), filter('cvss.read', access)));
  const decisionIds = vuls.flatMap((v) => (v.ssvcDecisionId ? [v.ssvcDecisionId] : []));
  const decisions = decisionIds.length
    ? await db
        .select()
        .from(vulSsvcDecisions)
        .where(
          and(
            inArray(vulSsvcDecisions.id, decisionIds),
            eq(vulSsvcDecisions.removed, false),
            filter('ssvc.read', access),
          ),
        )
    : [];
  const vendors = await vendorParticipants(db, access.caseId);
  const cells = await cellsOf(
    db,
    access,
    ids,
    vendors.map((v) => v.participant),
  );
  return vuls.map((v) => {
    const decision = decisions.find((d) => d.id === v.ssvcDecisionId);
    return {
      id: v.id,
      localId: v.localId,
      title: v.title,
      description: v.description,
      cwes: v.cwes,
      cve: v.cve,
      references: v.references,
      cvss: cvss.filter((c) => c.vulId === v.id),
      ssvc: decision
        ? {
            tableName:
              SSVC_TABLES[decision.decisionTable as keyof typeof SSVC_TABLES]?.name ?? decision.decisionTable,
            tableVersion: decision.tableVersion,
            outcomeName: decision.outcomeName,
            vector: decision.vector,
            selectionList: decision.selectionList as unknown as SsvcSelectionList,
          }
        : null,
      entries: vendorStatusEntries(
        vendors,
        cells.filter((c) => c.vulId === v.id),
      ),
    };
  });
}

/**
 * The CSAF document (2.0 or 2.1) of revision `latest` and its validation. Earlier revisions appear in the
 * revision history; those `readable` refuses by number and date only. 409 when no vulnerability is covered
 * or one has no vendor status.
 */
export async function caseAdvisoryCsaf(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  access: CaseAccess,
  latest: RevisionRow,
  version: '2.0' | '2.1',
  readable: (revision: RevisionRow) => boolean,
): Promise<{ document: Record<string, unknown>; validation: CsafValidation }> {
  const history = await db
    .select()
    .from(advisoryRevisions)
    .where(and(eq(advisoryRevisions.caseId, access.caseId), lte(advisoryRevisions.revision, latest.revision)))
    .orderBy(asc(advisoryRevisions.revision));
  const settings = (await findSettings(db, access.caseId)) ?? defaultSettings(access.caseId);
  const profile = settings.profileId ? await findProfile(db, settings.profileId) : null;
  const vuls = await vulnerabilitiesOf(db, access, latest);
  if (vuls.length === 0)
    throw new HttpError(409, CSAF_NO_VULNERABILITIES, { vulnerabilities: [CSAF_NO_VULNERABILITIES] });

  let document;
  try {
    document = buildAdvisoryCsaf({
      version,
      caseId: access.caseId,
      category: settings.category as CsafAdvisoryCategory,
      tlp: settings.tlp as CsafTlpLabel | null,
      defaultTlp: (profile?.defaultTlp as CsafTlpLabel | undefined) ?? 'CLEAR',
      trackingIdPattern: settings.trackingIdPattern,
      overrides:
        (settings.productTreeOverrides as { vendors?: Record<string, CsafVendorOverride> }).vendors ?? {},
      publisher: profile ? profilePublisher(profile) : instancePublisher(config),
      latest,
      history: history.map((h) => ({
        revision: h.revision,
        title: h.title,
        createdAt: h.createdAt,
        readable: readable(h),
      })),
      vulnerabilities: vuls,
      selfUrl:
        latest.published && config.publicUrl
          ? `${config.publicUrl}${publicAdvisoryPath(access.caseId)}`
          : undefined,
    });
  } catch (error) {
    if (error instanceof NoStatusError) {
      const message = CSAF_NO_STATUS(error.labels);
      throw new HttpError(409, message, { vulnerabilities: [message] });
    }
    throw error;
  }
  const validation = version === '2.1' ? await validateCsaf21(document) : await validateCsaf(document);
  return { document, validation };
}
