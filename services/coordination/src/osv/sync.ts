// Keeps the stored OSV records up to date with the published advisories, the way the CSAF provider keeps its
// documents (provider/documents.ts): every OSV request first rebuilds the cases whose latest published
// revision or CSAF settings are newer than what their records were built from, so a published advisory is
// listed by the next request with nothing to hook into publishing. Only TLP:CLEAR (WHITE) advisories give
// records. A record's `modified` moves only when its content changes: to the time of the revision (or
// settings change) that changed it, never backwards; a record a newer revision no longer gives is kept,
// withdrawn at that time.
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { type CsafTlpLabel, type CsafVendorOverride, csafTrackingId } from '@cvdp/core';
import { type Config, type Db } from '@cvdp/server-kit';
import { caseCsafSettings, advisoryRevisions } from '../advisories/tables.ts';
import { vulnerabilitiesOf } from '../advisories/csaf-document.ts';
import type { RevisionRow } from '../advisories/store.ts';
import { cases } from '../cases/tables.ts';
import { advisoryTlp } from '../csaf/advisory.ts';
import { defaultSettings, findProfile, findSettings } from '../csaf/store.ts';
import { PUBLIC_LABELS, providerPath, publisherAccess } from '../provider/documents.ts';
import { TLP_FOLDER, wellKnown } from '../provider/metadata.ts';
import { type OsvBody, buildOsvRecords, osvBodyOf, osvJson } from './record.ts';
import { osvCaseStates, osvRecords } from './tables.ts';

export interface OsvSyncContext {
  db: Db;
  config: Pick<Config, 'osvPrefix'> & { publicUrl: string };
}

/** Each case's latest published revision whose records are missing or stale. */
async function staleCases(db: Db) {
  const newer = sql`not exists (select 1 from ${advisoryRevisions} as newer where newer.case_id = ${advisoryRevisions.caseId} and newer.published and newer.revision > ${advisoryRevisions.revision})`;
  return db
    .select({ revision: advisoryRevisions, settingsUpdatedAt: caseCsafSettings.updatedAt })
    .from(advisoryRevisions)
    .leftJoin(caseCsafSettings, eq(caseCsafSettings.caseId, advisoryRevisions.caseId))
    .leftJoin(osvCaseStates, eq(osvCaseStates.caseId, advisoryRevisions.caseId))
    .where(
      and(
        eq(advisoryRevisions.published, true),
        newer,
        or(
          isNull(osvCaseStates.caseId),
          ne(osvCaseStates.revision, advisoryRevisions.revision),
          sql`${osvCaseStates.settingsUpdatedAt} is distinct from ${caseCsafSettings.updatedAt}`,
        ),
      ),
    )
    .orderBy(advisoryRevisions.caseId);
}

/** Rebuilds and stores every stale case's records. */
export async function syncOsv(ctx: OsvSyncContext): Promise<void> {
  for (const { revision, settingsUpdatedAt } of await staleCases(ctx.db)) {
    await store(ctx.db, revision, settingsUpdatedAt, await build(ctx, revision));
  }
}

/** The case's records, or null when the advisory is not TLP:CLEAR. */
async function build(ctx: OsvSyncContext, revision: RevisionRow): Promise<Map<string, OsvBody> | null> {
  const { db, config } = ctx;
  const [row] = await db.select().from(cases).where(eq(cases.id, revision.caseId));
  const settings = (await findSettings(db, revision.caseId)) ?? defaultSettings(revision.caseId);
  const profile = settings.profileId ? await findProfile(db, settings.profileId) : null;
  const tlp = advisoryTlp(
    settings.tlp as CsafTlpLabel | null,
    (profile?.defaultTlp as CsafTlpLabel | undefined) ?? 'CLEAR',
    true,
  );
  if (!PUBLIC_LABELS.has(tlp)) return null;
  // The CSAF file's name and year come from the first revision, as the provider names it.
  const [first] = await db
    .select({ createdAt: advisoryRevisions.createdAt })
    .from(advisoryRevisions)
    .where(eq(advisoryRevisions.caseId, revision.caseId))
    .orderBy(asc(advisoryRevisions.revision))
    .limit(1);
  const trackingId = csafTrackingId(
    settings.trackingIdPattern,
    revision.caseId,
    first.createdAt.getUTCFullYear(),
  );
  return buildOsvRecords({
    prefix: config.osvPrefix,
    caseId: revision.caseId,
    publicUrl: config.publicUrl,
    csafUrl: `${wellKnown(config.publicUrl)}/${TLP_FOLDER}/${providerPath(trackingId, first.createdAt)}`,
    revision,
    overrides:
      (settings.productTreeOverrides as { vendors?: Record<string, CsafVendorOverride> }).vendors ?? {},
    vulnerabilities: await vulnerabilitiesOf(db, publisherAccess(row), revision),
  });
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

async function store(
  db: Db,
  revision: RevisionRow,
  settingsUpdatedAt: Date | null,
  built: Map<string, OsvBody> | null,
) {
  const caseId = revision.caseId;
  // The time of what changed: the revision (its publication), or the settings when they are newer.
  const when = [revision.createdAt, revision.updatedAt, settingsUpdatedAt ?? new Date(0)].reduce(later);
  await db.transaction(async (tx) => {
    // One writer per case at a time (replicas); a replica that finds the case done, or further, stops.
    await tx.insert(osvCaseStates).values({ caseId, revision: 0 }).onConflictDoNothing();
    const [state] = await tx
      .select()
      .from(osvCaseStates)
      .where(eq(osvCaseStates.caseId, caseId))
      .for('update');
    if (state.revision > revision.revision) return;
    if (state.revision === revision.revision && sameTime(state.settingsUpdatedAt, settingsUpdatedAt)) return;
    const stored = await tx.select().from(osvRecords).where(eq(osvRecords.caseId, caseId));
    if (!built) {
      // No longer public: its records go.
      await tx.delete(osvRecords).where(eq(osvRecords.caseId, caseId));
    } else {
      for (const [id, body] of built) {
        const old = stored.find((s) => s.id === id);
        if (!old) {
          const times = { published: when, modified: when, withdrawn: null };
          // A record id another case holds cannot happen (the case is in the id): insert plainly.
          await tx.insert(osvRecords).values({ id, caseId, content: osvJson(id, body, times), ...times });
        } else if (old.withdrawn || osvBodyOf(old.content) !== JSON.stringify(body)) {
          const times = { published: old.published, modified: later(when, old.modified), withdrawn: null };
          await tx
            .update(osvRecords)
            .set({ content: osvJson(id, body, times), ...times })
            .where(eq(osvRecords.id, id));
        }
      }
      for (const old of stored) {
        if (built.has(old.id) || old.withdrawn) continue;
        const at = later(when, old.modified);
        const times = { published: old.published, modified: at, withdrawn: at };
        const body = JSON.parse(osvBodyOf(old.content)) as OsvBody;
        await tx
          .update(osvRecords)
          .set({ content: osvJson(old.id, body, times), ...times })
          .where(eq(osvRecords.id, old.id));
      }
    }
    await tx
      .update(osvCaseStates)
      .set({ revision: revision.revision, settingsUpdatedAt, updatedAt: sql`now()` })
      .where(eq(osvCaseStates.caseId, caseId));
  });
}

/** The served records (withdrawn ones too, so importers learn of them), most recently modified first. */
export async function listOsvRecords(db: Db) {
  return db
    .select({ id: osvRecords.id, modified: osvRecords.modified, withdrawn: osvRecords.withdrawn })
    .from(osvRecords)
    .orderBy(sql`${osvRecords.modified} desc`, asc(osvRecords.id));
}

export async function findOsvRecord(db: Db, id: string) {
  const [row] = await db.select().from(osvRecords).where(eq(osvRecords.id, id));
  return row ?? null;
}

/** A case's records that are not withdrawn (the public advisory page links them). */
export async function caseOsvIds(db: Db, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ id: osvRecords.id })
    .from(osvRecords)
    .where(and(eq(osvRecords.caseId, caseId), isNull(osvRecords.withdrawn)))
    .orderBy(asc(osvRecords.id));
  return rows.map((r) => r.id);
}
