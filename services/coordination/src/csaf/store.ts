// CSAF profiles (manage/csaf/profiles/, admin) and each case's CSAF settings (/api/case/{id}/settings/
// csaf/, staff): queries and changes, each change with its activity row (before/after) in its transaction.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  CSAF_DEFAULT_TRACKING_PATTERN,
  CSAF_NOT_A_VENDOR,
  CSAF_PROFILE_NAME_TAKEN,
  CSAF_UNKNOWN_PROFILE,
  type CsafAdvisoryCategory,
  type CsafProductTreeOverrides,
  type CsafProfile,
  type CsafPublisherCategory,
  type CsafSettings,
  type CsafTlpLabel,
  csafTrackingId,
} from '@cvdp/core';
import { cpe23Error } from '@cvdp/core/cpe/index';
import { purlError } from '@cvdp/core/purl/index';
import { type Db, HttpError, mapUniqueViolations, notFound, recordActivity } from '@cvdp/server-kit';
import { caseCsafSettings, csafProfiles } from '../advisories/tables.ts';
import { caseParticipants } from '../cases/tables.ts';
import type { CsafPublisher } from './types.ts';

export type ProfileRow = typeof csafProfiles.$inferSelect;
export type SettingsRow = typeof caseCsafSettings.$inferSelect;

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

export function profileView(p: ProfileRow): CsafProfile {
  return {
    id: p.id,
    name: p.name,
    publisher_category: p.publisherCategory as CsafPublisherCategory,
    publisher_name: p.publisherName,
    namespace: p.namespace,
    contact_details: p.contactDetails,
    issuing_authority: p.issuingAuthority,
    default_tlp: p.defaultTlp as CsafTlpLabel,
    created: p.createdAt.toISOString(),
    updated: p.updatedAt.toISOString(),
  };
}

/** The CSAF publisher a profile describes (empty contact and authority left out: CSAF strings are min 1). */
export function profilePublisher(p: ProfileRow): CsafPublisher {
  return {
    category: p.publisherCategory as CsafPublisher['category'],
    name: p.publisherName,
    namespace: p.namespace,
    ...(p.contactDetails ? { contact_details: p.contactDetails } : {}),
    ...(p.issuingAuthority ? { issuing_authority: p.issuingAuthority } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Profiles.

export async function countProfiles(db: Db): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(csafProfiles);
  return n;
}

export async function listProfiles(db: Db, limit: number, offset: number): Promise<CsafProfile[]> {
  const rows = await db
    .select()
    .from(csafProfiles)
    .orderBy(sql`lower(${csafProfiles.name})`, asc(csafProfiles.id))
    .limit(limit)
    .offset(offset);
  return rows.map(profileView);
}

/** Names and ids of the profiles (at most 500, by name) for the case settings' choice; no contact details. */
export async function profileChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: csafProfiles.id, name: csafProfiles.name })
    .from(csafProfiles)
    .orderBy(sql`lower(${csafProfiles.name})`, asc(csafProfiles.id))
    .limit(500);
}

export async function findProfile(db: Db, id: number): Promise<ProfileRow | null> {
  const [row] = await db.select().from(csafProfiles).where(eq(csafProfiles.id, id));
  return row ?? null;
}

export interface ProfileInput {
  name: string;
  publisher_category: string;
  publisher_name: string;
  namespace: string;
  contact_details: string;
  issuing_authority: string;
  default_tlp: string;
}

const columns = (input: Partial<ProfileInput>) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.publisher_category !== undefined ? { publisherCategory: input.publisher_category } : {}),
  ...(input.publisher_name !== undefined ? { publisherName: input.publisher_name } : {}),
  ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
  ...(input.contact_details !== undefined ? { contactDetails: input.contact_details } : {}),
  ...(input.issuing_authority !== undefined ? { issuingAuthority: input.issuing_authority } : {}),
  ...(input.default_tlp !== undefined ? { defaultTlp: input.default_tlp } : {}),
});

const uniqueName = { csaf_profiles_name_lower_idx: { field: 'name', message: CSAF_PROFILE_NAME_TAKEN } };

/** What activity keeps of a profile (its wire shape without the times). */
const snapshot = (p: ProfileRow) => {
  const { created: _c, updated: _u, ...rest } = profileView(p);
  return rest;
};

export async function createProfile(db: Db, actorId: number, input: ProfileInput): Promise<ProfileRow> {
  return mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(csafProfiles)
          .values(columns(input) as typeof csafProfiles.$inferInsert)
          .returning();
        await recordActivity(tx, {
          actorId,
          verb: 'added CSAF profile',
          objectType: 'csaf_profile',
          objectId: row.id,
          after: snapshot(row),
        });
        return row;
      }),
    uniqueName,
  );
}

export async function updateProfile(
  db: Db,
  actorId: number,
  id: number,
  patch: Partial<ProfileInput>,
): Promise<ProfileRow> {
  return mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(csafProfiles).where(eq(csafProfiles.id, id)).for('update');
        if (!before) throw notFound(CSAF_UNKNOWN_PROFILE);
        const next = columns(patch);
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== before[k]);
        if (changed.length === 0) return before;
        const [row] = await tx
          .update(csafProfiles)
          .set({ ...next, updatedAt: sql`now()` })
          .where(eq(csafProfiles.id, id))
          .returning();
        const [b, a] = [snapshot(before), snapshot(row)];
        const keys = (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]);
        await recordActivity(tx, {
          actorId,
          verb: 'edited CSAF profile',
          objectType: 'csaf_profile',
          objectId: id,
          before: Object.fromEntries(keys.map((k) => [k, b[k]])),
          after: Object.fromEntries(keys.map((k) => [k, a[k]])),
        });
        return row;
      }),
    uniqueName,
  );
}

/** Deletes a profile; cases that used it fall back to the instance as publisher. */
export async function deleteProfile(db: Db, actorId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(csafProfiles).where(eq(csafProfiles.id, id)).for('update');
    if (!row) throw notFound(CSAF_UNKNOWN_PROFILE);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(caseCsafSettings)
      .where(eq(caseCsafSettings.profileId, id));
    await tx.delete(csafProfiles).where(eq(csafProfiles.id, id));
    await recordActivity(tx, {
      actorId,
      verb: 'deleted CSAF profile',
      objectType: 'csaf_profile',
      objectId: id,
      before: { ...snapshot(row), cases: n },
    });
  });
}

// ---------------------------------------------------------------------------------------------------------
// A case's settings.

export async function findSettings(db: Db, caseId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(caseCsafSettings).where(eq(caseCsafSettings.caseId, caseId));
  return row ?? null;
}

export function defaultSettings(caseId: number): SettingsRow {
  return {
    caseId,
    profileId: null,
    category: 'csaf_security_advisory',
    tlp: null,
    trackingIdPattern: CSAF_DEFAULT_TRACKING_PATTERN,
    productTreeOverrides: {},
    updatedBy: null,
    updatedAt: new Date(0),
  };
}

export async function settingsView(db: Db, row: SettingsRow, stored: boolean): Promise<CsafSettings> {
  const profile = row.profileId ? await findProfile(db, row.profileId) : null;
  return {
    case: row.caseId,
    profile: profile ? { id: profile.id, name: profile.name } : null,
    profile_choices: await profileChoices(db),
    category: row.category as CsafAdvisoryCategory,
    tlp: row.tlp as CsafTlpLabel | null,
    tracking_id_pattern: row.trackingIdPattern,
    tracking_id: csafTrackingId(row.trackingIdPattern, row.caseId, new Date().getUTCFullYear()),
    product_tree_overrides: row.productTreeOverrides,
    updated: stored ? row.updatedAt.toISOString() : null,
  };
}

export interface SettingsInput {
  profile?: number | null;
  category?: string;
  tlp?: string | null;
  tracking_id_pattern?: string;
  product_tree_overrides?: CsafProductTreeOverrides;
}

/** Checks the overrides: vendors of this case, CPE 2.3 names and package URLs that parse. */
async function assertOverrides(db: Db, caseId: number, overrides: CsafProductTreeOverrides) {
  const ids = Object.keys(overrides.vendors ?? {}).map(Number);
  if (ids.length) {
    const vendors = await db
      .select({ id: caseParticipants.id })
      .from(caseParticipants)
      .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'vendor')));
    const known = new Set(vendors.map((v) => v.id));
    const stranger = ids.find((id) => !known.has(id));
    if (stranger !== undefined)
      throw badField(`product_tree_overrides.vendors.${stranger}`, CSAF_NOT_A_VENDOR);
  }
  for (const [id, o] of Object.entries(overrides.vendors ?? {})) {
    const cpe = o.cpe ? cpe23Error(o.cpe) : null;
    if (cpe) throw badField(`product_tree_overrides.vendors.${id}.cpe`, cpe);
    const purl = o.purl ? purlError(o.purl) : null;
    if (purl) throw badField(`product_tree_overrides.vendors.${id}.purl`, purl);
  }
}

/** Changes the fields sent; an unchanged body writes nothing. */
export async function saveSettings(
  db: Db,
  actorId: number,
  caseId: number,
  input: SettingsInput,
): Promise<SettingsRow> {
  if (input.profile !== undefined && input.profile !== null && !(await findProfile(db, input.profile)))
    throw badField('profile', CSAF_UNKNOWN_PROFILE);
  if (input.product_tree_overrides) await assertOverrides(db, caseId, input.product_tree_overrides);
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(caseCsafSettings)
      .where(eq(caseCsafSettings.caseId, caseId))
      .for('update');
    const before = stored ?? defaultSettings(caseId);
    const next = {
      profileId: input.profile !== undefined ? input.profile : before.profileId,
      category: input.category ?? before.category,
      tlp: input.tlp !== undefined ? input.tlp : before.tlp,
      trackingIdPattern: input.tracking_id_pattern ?? before.trackingIdPattern,
      productTreeOverrides: (input.product_tree_overrides ?? before.productTreeOverrides) as Record<
        string,
        unknown
      >,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]),
    );
    if (stored && changed.length === 0) return stored;
    const [row] = await tx
      .insert(caseCsafSettings)
      .values({ caseId, ...next, updatedBy: actorId })
      .onConflictDoUpdate({
        target: caseCsafSettings.caseId,
        set: { ...next, updatedBy: actorId, updatedAt: sql`now()` },
      })
      .returning();
    await recordActivity(tx, {
      actorId,
      caseId,
      verb: 'changed CSAF settings',
      objectType: 'csaf_settings',
      objectId: caseId,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, row[k]])),
    });
    return row;
  });
}
