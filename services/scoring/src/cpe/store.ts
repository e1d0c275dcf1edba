// CPE names: those seen in records (vul_enrichment kind 'cpe') and those scorers added (scoring_cpes), and the
// records whose CPEs overlap a pattern (match.ts).
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, type Tx, HttpError, mapUniqueViolations, recordActivity, rowsOf } from '@cvdp/server-kit';
import { parseCpe23 } from '@cvdp/core/cpe/index';
import type { CpeEntry } from '@cvdp/core/scoring/work';
import { vulEnrichment } from '../records/tables.ts';
import { scoringCpes } from './tables.ts';
import { cpeOverlaps, likeLiteral, likePrefix } from './match.ts';

const contains = (query: string | undefined) => (query ? `%${likeLiteral(query.toLowerCase())}%` : '%');

/** One row per distinct name (case-insensitive), scorers' names first when both exist. */
function allNames(query: string | undefined) {
  const like = contains(query);
  return sql`
    select lower, min(cpe) as cpe, min(source) as source, min(id) as id, max(title) as title from (
      select lower(${vulEnrichment.value}) as lower, ${vulEnrichment.value} as cpe, 'record' as source,
             null::int as id, '' as title
        from ${vulEnrichment}
       where ${vulEnrichment.kind} = 'cpe' and lower(${vulEnrichment.value}) like ${like} escape '!'
      union all
      select ${scoringCpes.lower}, ${scoringCpes.cpe}, 'scorer', ${scoringCpes.id}, ${scoringCpes.title}
        from ${scoringCpes}
       where ${scoringCpes.lower} like ${like} escape '!' or lower(${scoringCpes.title}) like ${like} escape '!'
    ) names group by lower`;
}

function toEntry(r: { cpe: string; source: string; id: number | null; title: string | null }): CpeEntry {
  const parsed = parseCpe23(r.cpe).cpe;
  return {
    cpe: r.cpe,
    part: parsed?.part ?? '',
    vendor: parsed?.vendor ?? '',
    product: parsed?.product ?? '',
    version: parsed?.version ?? '',
    // 'record' < 'scorer': min() says 'record' when both; a scorer's row still gives its id.
    source: r.id !== null ? 'scorer' : 'record',
    id: r.id,
    title: r.title ?? '',
  };
}

export async function countCpeNames(db: Db, query: string | undefined) {
  const rows = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${allNames(query)}) t`);
  return Number(rows[0].n);
}

export async function listCpeNames(db: Db, query: string | undefined, limit: number, offset: number) {
  const rows = await rowsOf<{ cpe: string; source: string; id: number | null; title: string | null }>(
    db,
    sql`${allNames(query)} order by lower limit ${limit} offset ${offset}`,
  );
  return rows.map(toEntry);
}

const scorerWhere = (query: string | undefined) =>
  query
    ? sql`(${scoringCpes.lower} like ${contains(query)} escape '!' or lower(${scoringCpes.title}) like ${contains(query)} escape '!')`
    : undefined;

export async function countScorerCpes(db: Db, query: string | undefined) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(scoringCpes)
    .where(scorerWhere(query));
  return r.n;
}

export async function listScorerCpes(db: Db, query: string | undefined, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(scoringCpes)
    .where(scorerWhere(query))
    .orderBy(asc(scoringCpes.lower))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toEntry({ cpe: r.cpe, source: 'scorer', id: r.id, title: r.title }));
}

export const CPE_DUPLICATE = 'This CPE is already in the list.';

/** Adds a valid CPE 2.3 name; an invalid one is a 400 naming the attribute. */
export async function addCpe(db: Db, userId: number, cpe: string, title: string | undefined) {
  const parsed = parseCpe23(cpe);
  if (!parsed.cpe) throw new HttpError(400, parsed.error, { cpe: [parsed.error] });
  const row = await mapUniqueViolations(
    () =>
      db.transaction(async (tx) => {
        const [created] = await tx
          .insert(scoringCpes)
          .values({
            cpe,
            lower: cpe.toLowerCase(),
            part: parsed.cpe.part,
            vendor: parsed.cpe.vendor.toLowerCase(),
            product: parsed.cpe.product.toLowerCase(),
            title: title ?? '',
            createdBy: userId,
          })
          .returning();
        await recordActivity(tx, {
          actorId: userId,
          verb: 'added CPE',
          objectType: 'scoring_cpe',
          objectId: created.id,
          after: { cpe },
        });
        return created;
      }),
    { scoring_cpes_lower_idx: { field: 'cpe', message: CPE_DUPLICATE } },
  );
  return toEntry({ cpe: row.cpe, source: 'scorer', id: row.id, title: row.title });
}

/**
 * Record ids whose CPEs overlap the pattern (match.ts), newest first by record id. Candidates are narrowed
 * in SQL by the pattern's literal part/vendor/product (or a target's ANY there) and checked here.
 */
export async function recordsMatchingCpe(db: Db | Tx, pattern: string): Promise<number[]> {
  const parsed = parseCpe23(pattern);
  if (!parsed.cpe) throw new HttpError(400, parsed.error, { cpe: [parsed.error] });
  const source = parsed.cpe;
  const prefix = likePrefix(source);
  const rows = await db
    .select({ recordId: vulEnrichment.recordId, value: vulEnrichment.value })
    .from(vulEnrichment)
    .where(
      and(
        eq(vulEnrichment.kind, 'cpe'),
        sql`(lower(${vulEnrichment.value}) like ${prefix} escape '!'
             or ${vulEnrichment.value} like 'cpe:2.3:*:%' or ${vulEnrichment.value} like 'cpe:2.3:_:*:%'
             or ${vulEnrichment.value} like 'cpe:2.3:_:%:*:%')`,
      ),
    );
  const ids = new Set<number>();
  for (const r of rows) {
    if (ids.has(r.recordId)) continue;
    const target = parseCpe23(r.value).cpe;
    if (target && cpeOverlaps(source, target)) ids.add(r.recordId);
  }
  return [...ids].sort((a, b) => b - a);
}
