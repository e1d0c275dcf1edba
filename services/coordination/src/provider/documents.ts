// The provider's files (CSAF 2.0 §7.1.11–7.1.13, 7.1.18–7.1.19): each case's latest published revision as a
// CSAF document under `<year>/<tracking id>.json` (the year of its initial release; the file name from the
// tracking id as §5.1 says), with its hashes and detached signature, and the directory's index.txt and
// changes.csv. Documents are built when a request finds one missing or stale — a newly published
// revision or changed CSAF settings — so a published advisory is there at once, with nothing to hook into
// publishing; the stored bytes stay the same between fetches. Only TLP:CLEAR (2.0: WHITE) documents are
// public; others are recorded as withheld so they are not rebuilt per request.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { type Config, type Db, HttpError } from '@cvdp/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { caseCsafSettings, advisoryRevisions } from '../advisories/tables.ts';
import { caseAdvisoryCsaf } from '../advisories/csaf-document.ts';
import type { RevisionRow } from '../advisories/store.ts';
import { cases } from '../cases/tables.ts';
import type { CaseAccess } from '../policy/index.ts';
import { csafFileName } from '../csaf/vex.ts';
import type { ProviderKey } from './signing.ts';
import { csafProviderDocuments } from './tables.ts';

export type ProviderDocument = typeof csafProviderDocuments.$inferSelect;
export type CsafVersion = '2.0' | '2.1';

/** The TLP labels whose documents anyone may read. */
export const PUBLIC_LABELS = new Set(['CLEAR', 'WHITE']);

/** A document's path under the TLP folder: the year of its initial release, the file from its tracking id. */
export const providerPath = (trackingId: string, initialReleaseDate: Date) =>
  `${initialReleaseDate.getUTCFullYear()}/${csafFileName(trackingId)}`;

/** `<hex>  <file name>\n`, the format of sha256sum/sha512sum that §7.1.18 asks for. */
const hashFile = (algorithm: 'sha256' | 'sha512', bytes: Buffer, fileName: string) =>
  `${createHash(algorithm).update(bytes).digest('hex')}  ${fileName}\n`;

/**
 * The published document is what staff would export of the published revision: read as staff (every
 * vulnerability, score and status of the case), with unpublished revisions named in the history by number
 * and date only.
 */
export const publisherAccess = (row: typeof cases.$inferSelect): CaseAccess => ({
  userId: 0,
  staff: true,
  groupIds: [],
  caseId: row.id,
  case: row,
  roles: new Set(),
  participantIds: [],
});

/** Each case's latest published revision whose stored document is missing or stale. */
async function staleRevisions(db: Db) {
  const newer = sql`not exists (select 1 from ${advisoryRevisions} as newer where newer.case_id = ${advisoryRevisions.caseId} and newer.published and newer.revision > ${advisoryRevisions.revision})`;
  return db
    .select({ revision: advisoryRevisions, settingsUpdatedAt: caseCsafSettings.updatedAt })
    .from(advisoryRevisions)
    .leftJoin(caseCsafSettings, eq(caseCsafSettings.caseId, advisoryRevisions.caseId))
    .leftJoin(csafProviderDocuments, eq(csafProviderDocuments.caseId, advisoryRevisions.caseId))
    .where(
      and(
        eq(advisoryRevisions.published, true),
        newer,
        or(
          isNull(csafProviderDocuments.caseId),
          ne(csafProviderDocuments.revision, advisoryRevisions.revision),
          sql`${csafProviderDocuments.settingsUpdatedAt} is distinct from ${caseCsafSettings.updatedAt}`,
          // A document that failed (a vulnerability without a vendor status…) is tried again now and then:
          // what it lacked may have been added since without a new revision.
          and(
            eq(csafProviderDocuments.status, 'failed'),
            sql`${csafProviderDocuments.updatedAt} < now() - interval '5 minutes'`,
          ),
        ),
      ),
    )
    .orderBy(advisoryRevisions.caseId);
}

export interface SyncContext {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  version: CsafVersion;
  key: () => Promise<ProviderKey>;
  log: FastifyBaseLogger;
}

/** Builds, signs and stores every missing or stale document. */
export async function syncDocuments(ctx: SyncContext): Promise<void> {
  for (const { revision, settingsUpdatedAt } of await staleRevisions(ctx.db)) {
    await store(ctx, revision, settingsUpdatedAt, await build(ctx, revision));
  }
}

type Built =
  | { status: 'failed'; reason: unknown }
  | { status: 'withheld' | 'public'; document: Record<string, unknown> };

async function build(ctx: SyncContext, revision: RevisionRow): Promise<Built> {
  const [row] = await ctx.db.select().from(cases).where(eq(cases.id, revision.caseId));
  try {
    const { document, validation } = await caseAdvisoryCsaf(
      ctx.db,
      ctx.config,
      publisherAccess(row),
      revision,
      ctx.version,
      (h) => h.published,
    );
    if (!validation.valid) return { status: 'failed', reason: validation.failed };
    const label = (document.document as { distribution: { tlp: { label: string } } }).distribution.tlp.label;
    return { status: PUBLIC_LABELS.has(label) ? 'public' : 'withheld', document };
  } catch (error) {
    // 409s (no vulnerability covered, one without a vendor status): the case stays out until it changes.
    if (error instanceof HttpError) return { status: 'failed', reason: error.message };
    throw error;
  }
}

async function store(ctx: SyncContext, revision: RevisionRow, settingsUpdatedAt: Date | null, built: Built) {
  const base = {
    caseId: revision.caseId,
    revision: revision.revision,
    settingsUpdatedAt,
    title: revision.title,
    updatedAt: new Date(),
  };
  let values: typeof csafProviderDocuments.$inferInsert;
  if (built.status === 'failed') {
    ctx.log.warn(
      { case: revision.caseId, revision: revision.revision, reason: built.reason },
      'a published advisory is left out of the CSAF provider: its document did not build or validate',
    );
    values = { ...base, ...empty(revision), status: 'failed' };
  } else {
    const tracking = (built.document.document as { tracking: Record<string, string> }).tracking;
    const content = `${JSON.stringify(built.document, null, 2)}\n`;
    const bytes = Buffer.from(content, 'utf8');
    const fileName = csafFileName(tracking.id);
    const initial = new Date(tracking.initial_release_date);
    values = {
      ...base,
      status: built.status,
      trackingId: tracking.id,
      initialReleaseDate: initial,
      currentReleaseDate: new Date(tracking.current_release_date),
      ...(built.status === 'public'
        ? {
            path: providerPath(tracking.id, initial),
            content,
            sha256: hashFile('sha256', bytes, fileName),
            sha512: hashFile('sha512', bytes, fileName),
            signature: await (await ctx.key()).sign(bytes),
          }
        : { path: null, content: '', sha256: '', sha512: '', signature: '' }),
    };
  }
  const { caseId: _c, ...set } = values;
  try {
    await ctx.db
      .insert(csafProviderDocuments)
      .values(values)
      .onConflictDoUpdate({
        target: csafProviderDocuments.caseId,
        set,
        // Another replica may have stored a newer revision meanwhile: never go back.
        setWhere: sql`${csafProviderDocuments.revision} <= ${revision.revision}`,
      });
  } catch (error) {
    // Two cases whose tracking ids make one file name (a tracking id pattern without {case}): the later
    // one stays out, said in the log, rather than replacing the other's file.
    ctx.log.warn({ case: revision.caseId, err: error }, 'a CSAF provider document could not be stored');
    await ctx.db
      .insert(csafProviderDocuments)
      .values({ ...base, ...empty(revision), status: 'failed' })
      .onConflictDoUpdate({
        target: csafProviderDocuments.caseId,
        set: { ...base, ...empty(revision), status: 'failed' },
      });
  }
}

const empty = (revision: RevisionRow) => ({
  trackingId: '',
  path: null,
  content: '',
  sha256: '',
  sha512: '',
  signature: '',
  initialReleaseDate: revision.createdAt,
  currentReleaseDate: revision.updatedAt,
});

/** The public documents, most recently changed first (changes.csv's order; the feed's too). */
export async function publicDocuments(db: Db): Promise<ProviderDocument[]> {
  return db
    .select()
    .from(csafProviderDocuments)
    .where(eq(csafProviderDocuments.status, 'public'))
    .orderBy(desc(csafProviderDocuments.currentReleaseDate), desc(csafProviderDocuments.caseId));
}

export async function documentAt(db: Db, path: string): Promise<ProviderDocument | null> {
  const [row] = await db
    .select()
    .from(csafProviderDocuments)
    .where(and(eq(csafProviderDocuments.path, path), eq(csafProviderDocuments.status, 'public')));
  return row ?? null;
}
