// Reading an SSVCv2 vector string (reference §5.1) back into a decision. The outcome segment is recomputed
// and must agree, and so must every derived segment (P:S/B:A forces M:M in the CISA tree).
import { SSVC_DECISION_POINTS, type SsvcDecisionPointKey } from './decision-points.ts';
import { decideSsvc, type SsvcResult } from './decide.ts';
import { SSVC_TABLE_IDS, SSVC_TABLES, isSsvcTableId, type SsvcTable } from './tables.ts';

/**
 * §5.1's regex, widened to digits in value keys (BOD 26-04's 60D, 14D…) and to the Unix epoch seconds older
 * calculators wrote instead of the ISO time.
 */
const VECTOR = /^SSVCv2\/((?:[A-Z]+:[A-Z0-9*]+\/)+)(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ|\d{1,12})\/$/;

export const SSVC_VECTOR_MESSAGE = 'Not an SSVC v2 vector string (SSVCv2/KEY:VALUE/…/YYYY-MM-DDThh:mm:ssZ/).';

const fail = (field: string, message: string): SsvcResult => ({ ok: false, field, message });

function fromVector(table: SsvcTable, segments: [string, string][]) {
  const byVectorKey = new Map(Object.entries(table.vectorKeys).map(([dp, vk]) => [vk, dp]));
  const values: Record<string, string> = {};
  let outcome: string | undefined;
  for (const [segmentKey, vectorValue] of segments) {
    const key = byVectorKey.get(segmentKey);
    if (!key) return undefined;
    const point = SSVC_DECISION_POINTS[key as SsvcDecisionPointKey];
    const mapped = table.vectorValues[key];
    const value = mapped
      ? Object.entries(mapped).find(([, vk]) => vk === vectorValue)?.[0]
      : point.values.find((v) => v.key === vectorValue)?.key;
    if (!value) return { error: fail(key, `Not a value of ${point.name}: ${vectorValue}.`) };
    if (key === table.outcome) outcome = value;
    else values[key] = value;
  }
  return { values, outcome };
}

/**
 * Parses a vector into the decision it records. Without `tableId` the table is the one whose vector keys
 * cover every segment (the CISA tree's E A T P B M D, the supplier's E A V U T P R, the deployer's
 * E X A S M H P, …). Refused: a malformed string, unknown keys or values, an inconsistent derived or outcome
 * segment, or a repeated key.
 */
export function parseSsvcVector(vector: string, tableId?: string): SsvcResult {
  const match = VECTOR.exec(vector.trim());
  if (!match) return fail('vector', SSVC_VECTOR_MESSAGE);
  const segments = match[1]
    .split('/')
    .filter(Boolean)
    .map((s) => s.split(':') as [string, string]);
  if (new Set(segments.map(([k]) => k)).size !== segments.length) {
    return fail('vector', 'A decision point appears twice in the vector.');
  }
  const time = match[2];
  const at = /^\d+$/.test(time) ? new Date(Number(time) * 1000) : new Date(time);
  if (Number.isNaN(at.getTime())) return fail('vector', SSVC_VECTOR_MESSAGE);
  if (tableId !== undefined && !isSsvcTableId(tableId)) return decideSsvc(tableId, {});

  let firstError: SsvcResult | undefined;
  for (const id of tableId ? [tableId] : SSVC_TABLE_IDS) {
    const table = SSVC_TABLES[id];
    const read = fromVector(table, segments);
    if (!read) continue;
    if ('error' in read) {
      firstError ??= read.error;
      continue;
    }
    const result = decideSsvc(table.id, read.values, at);
    if (!result.ok) {
      firstError ??= result;
      continue;
    }
    if (read.outcome && read.outcome !== result.decision.outcome.key) {
      firstError ??= fail(
        table.outcome,
        `The vector's decision does not follow from its values: the ${table.name} table gives ${result.decision.outcome.name}.`,
      );
      continue;
    }
    return result;
  }
  return firstError ?? fail('vector', 'The vector does not match any SSVC decision table.');
}
