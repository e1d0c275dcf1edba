// Computing an SSVC decision from decision-point values: labels normalised (reference §6), compound points
// derived (§3) and checked against what was sent, the outcome looked up in the table (a sent outcome is
// ignored), and the two serialisations: the SSVCv2 vector string (§5.1) and the SelectionList 2.0.0 (§5.3).
import { z } from 'zod';
import {
  SSVC_DECISION_POINTS,
  type SsvcDecisionPoint,
  type SsvcDecisionPointKey,
} from './decision-points.ts';
import {
  SSVC_DERIVED,
  SSVC_KEY_SEPARATOR,
  SSVC_TABLES,
  isSsvcTableId,
  type SsvcTable,
  type SsvcTableId,
} from './tables.ts';

export interface SsvcSelectionValue {
  key: string;
  name?: string;
  definition?: string;
}
export interface SsvcSelection {
  namespace: string;
  key: string;
  version: string;
  name?: string;
  definition?: string;
  values: SsvcSelectionValue[];
}
/** SSVC SelectionList 2.0.0 (reference §5.3): no other top-level properties. */
export interface SsvcSelectionList {
  schemaVersion: '2.0.0';
  timestamp: string;
  selections: SsvcSelection[];
  target_ids?: string[];
  decision_point_resources?: { uri: string; summary: string }[];
  references?: { uri: string; summary: string }[];
}

export interface SsvcDecision {
  table: SsvcTableId;
  tableName: string;
  tableVersion: string;
  /** Decision point key → value key, in tree order, derived points included. */
  values: Record<string, string>;
  outcome: { key: string; name: string };
  vector: string;
  selectionList: SsvcSelectionList;
}

export type SsvcResult = { ok: true; decision: SsvcDecision } | { ok: false; field: string; message: string };

export const SSVC_VALUES_MAX = 30;
/** The body of POST/PATCH …/ssvc/: a table id and decision-point values (keys or names, case-insensitive). */
export const ssvcInputSchema = z.object({
  table: z.string().trim().min(1, 'Choose a decision table.').max(60),
  values: z
    .record(z.string().max(60), z.string().max(100))
    .refine((o) => Object.keys(o).length <= SSVC_VALUES_MAX, `At most ${SSVC_VALUES_MAX} values.`),
});
export type SsvcInput = z.infer<typeof ssvcInputSchema>;

export const SSVC_UNKNOWN_TABLE_MESSAGE = 'Not an SSVC decision table.';

/** Lower-case letters and digits only: 'Public Well-being' and 'public well being' compare equal. */
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9*]/g, '');

/** Value spellings beyond keys and names (reference §6). */
const VALUE_ALIASES: Partial<Record<SsvcDecisionPointKey, Record<string, string>>> = {
  E: { poc: 'P', publicpoc: 'P' },
  EXP: { unavoidable: 'O' },
};
/** Input keys that name the outcome, whatever the table: ignored (the outcome is always computed). */
const OUTCOME_NAMES = new Set(['d', 'decision', 'outcome', 'priority']);

const dp = (key: string): SsvcDecisionPoint => SSVC_DECISION_POINTS[key as SsvcDecisionPointKey];
const valueName = (key: string, value: string) => dp(key).values.find((v) => v.key === value)?.name ?? value;

/** The table's point that an input key names (key, name, alias or the table's vector key); 'outcome' for its outcome. */
function resolvePoint(table: SsvcTable, raw: string): string | undefined {
  const f = fold(raw);
  if (!f) return undefined;
  if (OUTCOME_NAMES.has(f)) return 'outcome';
  const all = [...table.order, table.outcome];
  const byKey = all.find((k) => fold(k) === f);
  const byName =
    byKey ??
    all.find((k) => fold(dp(k).name) === f || (dp(k).aliases ?? []).some((a) => fold(a) === f)) ??
    all.find((k) => fold(table.vectorKeys[k] ?? '') === f);
  if (!byName) return undefined;
  return byName === table.outcome ? 'outcome' : byName;
}

/** The value key that a label names within a point, or undefined. */
export function normaliseSsvcValue(table: SsvcTable, key: string, raw: string): string | undefined {
  const f = fold(raw);
  if (!f) return undefined;
  const point = dp(key);
  const match =
    point.values.find((v) => fold(v.key) === f) ??
    point.values.find((v) => fold(v.name) === f) ??
    point.values.find((v) => fold(table.vectorValues[key]?.[v.key] ?? '') === f);
  if (match) return match.key;
  return VALUE_ALIASES[key as SsvcDecisionPointKey]?.[f];
}

const fail = (field: string, message: string): SsvcResult => ({ ok: false, field, message });
const list = (keys: readonly string[]) => keys.map((k) => dp(k).name).join(' and ');

/** 'YYYY-MM-DDThh:mm:ssZ' (no fractional seconds), as the vector and the SelectionList carry it. */
export function ssvcTimestamp(at: Date = new Date()): string {
  const d = Number.isNaN(at.getTime()) ? new Date() : at;
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The derived value of a compound point from its sources, or undefined while a source is missing. */
export function deriveSsvcValue(key: string, values: Record<string, string>): string | undefined {
  const derivation = SSVC_DERIVED[key as SsvcDecisionPointKey];
  if (!derivation || derivation.from.some((s) => !values[s])) return undefined;
  return derivation.rows[derivation.from.map((s) => values[s]).join(SSVC_KEY_SEPARATOR)];
}

/**
 * Reads the sent values into point key → value key for the table (outcome keys dropped), or the first error.
 * Missing points are not errors here.
 */
export function readSsvcValues(
  table: SsvcTable,
  values: Record<string, string>,
): { ok: true; values: Record<string, string> } | { ok: false; field: string; message: string } {
  const read: Record<string, string> = {};
  for (const [rawKey, rawValue] of Object.entries(values)) {
    const key = resolvePoint(table, rawKey);
    if (key === 'outcome') continue;
    if (!key)
      return { ok: false, field: rawKey, message: `Not a decision point of the ${table.name} table.` };
    if (typeof rawValue !== 'string' || rawValue.trim() === '') continue;
    const value = normaliseSsvcValue(table, key, rawValue);
    if (!value) {
      const allowed = dp(key)
        .values.map((v) => v.name)
        .join(', ');
      return { ok: false, field: key, message: `Not a value of ${dp(key).name} (${allowed}).` };
    }
    if (read[key] && read[key] !== value) {
      return { ok: false, field: key, message: `${dp(key).name} is given twice with different values.` };
    }
    read[key] = value;
  }
  return { ok: true, values: read };
}

/** Derives compound points and checks consistency; the values in tree order, or the first error. */
function complete(
  table: SsvcTable,
  given: Record<string, string>,
): { ok: true; values: Record<string, string> } | { ok: false; field: string; message: string } {
  const values = { ...given };
  for (const input of table.inputs) {
    const sources = input.derivedFrom ?? [];
    const derived = sources.length ? deriveSsvcValue(input.key, values) : undefined;
    if (derived && values[input.key] && values[input.key] !== derived) {
      const from = sources.map((s) => `${dp(s).name} ${valueName(s, values[s])}`).join(' × ');
      return {
        ok: false,
        field: input.key,
        message: `${dp(input.key).name} ${valueName(input.key, values[input.key])} contradicts ${from}, which give ${valueName(input.key, derived)}.`,
      };
    }
    if (derived) values[input.key] = derived;
  }
  for (const key of table.order) {
    if (values[key]) continue;
    const input = table.inputs.find((i) => i.key === key);
    if (input) {
      const sources = input.derivedFrom ?? [];
      const missingSource = sources.find((s) => !values[s]);
      if (sources.length && sources.some((s) => values[s]) && missingSource) {
        return { ok: false, field: missingSource, message: `Choose a value for ${dp(missingSource).name}.` };
      }
      const or = sources.length ? ` (or ${list(sources)})` : '';
      return { ok: false, field: key, message: `Choose a value for ${dp(key).name}${or}.` };
    }
  }
  const ordered: Record<string, string> = {};
  for (const key of table.order) if (values[key]) ordered[key] = values[key];
  return { ok: true, values: ordered };
}

/** The SSVCv2 vector string (§5.1) of a complete set of values and its outcome. */
export function ssvcVector(
  table: SsvcTable,
  values: Record<string, string>,
  outcome: string,
  at?: Date,
): string {
  const segment = (key: string, value: string) =>
    `${table.vectorKeys[key]}:${table.vectorValues[key]?.[value] ?? value}/`;
  const points = table.order.filter((k) => values[k]).map((k) => segment(k, values[k]));
  return `SSVCv2/${points.join('')}${segment(table.outcome, outcome)}${ssvcTimestamp(at)}/`;
}

/** The SelectionList 2.0.0 (§5.3) of the values (the points chosen and derived; the outcome is the table's). */
export function ssvcSelectionList(values: Record<string, string>, at?: Date): SsvcSelectionList {
  return {
    schemaVersion: '2.0.0',
    timestamp: ssvcTimestamp(at),
    selections: Object.entries(values).map(([key, value]) => {
      const point = dp(key);
      return {
        namespace: point.namespace,
        key: point.key,
        version: point.version,
        name: point.name,
        values: [{ key: value, name: valueName(key, value) }],
      };
    }),
  };
}

/**
 * Decides with a table: `values` maps decision points (keys, names or the table's vector keys, any case) to
 * values (keys or names, any case). A compound point may be given directly or through its sources; both given
 * must agree. An outcome sent along is ignored.
 */
export function decideSsvc(tableId: string, values: Record<string, string>, at?: Date): SsvcResult {
  if (!isSsvcTableId(tableId)) return fail('table', SSVC_UNKNOWN_TABLE_MESSAGE);
  const table = SSVC_TABLES[tableId];
  const read = readSsvcValues(table, values);
  if (!read.ok) return read;
  const done = complete(table, read.values);
  if (!done.ok) return done;
  const rowKey = table.inputs.map((i) => done.values[i.key]).join(SSVC_KEY_SEPARATOR);
  const outcome = table.rows[rowKey];
  return {
    ok: true,
    decision: {
      table: table.id,
      tableName: table.name,
      tableVersion: table.version,
      values: done.values,
      outcome: { key: outcome, name: valueName(table.outcome, outcome) },
      vector: ssvcVector(table, done.values, outcome, at),
      selectionList: ssvcSelectionList(done.values, at),
    },
  };
}

/**
 * The outcomes still possible with some values chosen (in the outcome group's order): one left means the
 * outcome is reached whatever the remaining points are. Unknown labels are treated as not chosen.
 */
export function ssvcPossibleOutcomes(tableId: string, values: Record<string, string>): string[] {
  if (!isSsvcTableId(tableId)) return [];
  const table = SSVC_TABLES[tableId];
  const given: Record<string, string> = {};
  for (const [rawKey, rawValue] of Object.entries(values)) {
    const key = resolvePoint(table, rawKey);
    if (!key || key === 'outcome') continue;
    const value = normaliseSsvcValue(table, key, rawValue);
    if (value) given[key] = value;
  }
  const allowed = table.inputs.map((input) => {
    if (given[input.key]) return new Set([given[input.key]]);
    const derivation = SSVC_DERIVED[input.key];
    if (!input.derivedFrom || !derivation) return undefined;
    const possible = Object.entries(derivation.rows)
      .filter(([k]) =>
        k
          .split(SSVC_KEY_SEPARATOR)
          .every((v, i) => !given[derivation.from[i]] || given[derivation.from[i]] === v),
      )
      .map(([, v]) => v);
    return new Set(possible);
  });
  const outcomes = new Set<string>();
  for (const [rowKey, outcome] of Object.entries(table.rows)) {
    if (rowKey.split(SSVC_KEY_SEPARATOR).every((v, i) => !allowed[i] || allowed[i].has(v)))
      outcomes.add(outcome);
  }
  return dp(table.outcome)
    .values.map((v) => v.key)
    .filter((k) => outcomes.has(k));
}
