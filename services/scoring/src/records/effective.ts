// The queue's score, severity, CWEs and "has SSVC" are ours when we scored the record, else the record's
// (CNA before ADP). Ingest writes the record's and then lays ours over them; a score change does the same.
import { sql } from 'drizzle-orm';
import type { Tx } from '@cvdp/server-kit';
import { cveRecords } from './tables.ts';
import { vulScores } from '../scores/tables.ts';

/** Lays our scores over the record-derived queue columns of these records (those we scored). */
export async function applyOurScores(tx: Tx, recordIds: number[]) {
  if (recordIds.length === 0) return;
  await tx.execute(sql`
    update ${cveRecords} r set
      score = coalesce(s.cvss4_score, s.cvss3_score, r.score),
      severity = case when s.cvss4_score is not null then s.cvss4_severity
                      when s.cvss3_score is not null then s.cvss3_severity else r.severity end,
      cwes = case when cardinality(s.cwes) > 0 then s.cwes else r.cwes end,
      has_ssvc = r.has_ssvc or s.ssvc_outcome is not null
    from ${vulScores} s
    where s.record_id = r.id and r.id in (${sql.join(
      recordIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}
