// The steps of the SSVC form for a table: its decision points in tree order, a compound point either asked
// directly or through the points it is derived from (as the calculators ask them), and what has been chosen.
import {
  SSVC_DERIVED,
  SSVC_KEY_SEPARATOR,
  SSVC_TABLES,
  decideSsvc,
  isSsvcTableId,
  readSsvcValues,
  ssvcPossibleOutcomes,
  type SsvcDecisionPointKey,
  type SsvcResult,
  type SsvcTableId,
} from '@cvdp/core';

export interface SsvcFormState {
  table: SsvcTableId | null;
  /** Decision point key → value key, of every point chosen (some may be off the current path). */
  values: Record<string, string>;
  /** Compound points the user gives directly instead of through their sources. */
  direct: string[];
}

/** The decision points asked, in order. */
export function ssvcSteps(table: SsvcTableId, direct: readonly string[]): string[] {
  return SSVC_TABLES[table].inputs.flatMap((input) =>
    input.derivedFrom && !direct.includes(input.key) ? [...input.derivedFrom] : [input.key],
  );
}

/** The values on the current path, with the compound points derived from their sources where asked so. */
export function ssvcPathValues(state: SsvcFormState): Record<string, string> {
  if (!state.table) return {};
  const asked = ssvcSteps(state.table, state.direct);
  return Object.fromEntries(asked.filter((k) => state.values[k]).map((k) => [k, state.values[k]]));
}

/** Value of a compound point on the path, once the sources chosen so far leave only one. */
export function ssvcDerivedOnPath(state: SsvcFormState, key: string): string | undefined {
  const values = ssvcPathValues(state);
  const derivation = SSVC_DERIVED[key as SsvcDecisionPointKey];
  if (!derivation) return undefined;
  const possible = new Set(
    Object.entries(derivation.rows)
      .filter(([sources]) =>
        sources
          .split(SSVC_KEY_SEPARATOR)
          .every((v, i) => !values[derivation.from[i]] || values[derivation.from[i]] === v),
      )
      .map(([, derived]) => derived),
  );
  return possible.size === 1 ? [...possible][0] : undefined;
}

export function ssvcDecide(state: SsvcFormState, at?: Date): SsvcResult | null {
  return state.table ? decideSsvc(state.table, ssvcPathValues(state), at) : null;
}

export function ssvcPossible(state: SsvcFormState): string[] {
  return state.table ? ssvcPossibleOutcomes(state.table, ssvcPathValues(state)) : [];
}

/** The form's state from a stored decision or an earlier input (labels normalised, unknown ones dropped). */
export function initialSsvcState(initial?: { table: string; values: Record<string, string> }): SsvcFormState {
  if (!initial || !isSsvcTableId(initial.table)) return { table: null, values: {}, direct: [] };
  const table = SSVC_TABLES[initial.table];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(initial.values)) {
    const read = readSsvcValues(table, { [key]: value });
    if (read.ok) Object.assign(values, read.values);
  }
  // A compound point given without all its sources is one the user chose directly.
  const direct = table.inputs
    .filter((i) => i.derivedFrom && values[i.key] && i.derivedFrom.some((s) => !values[s]))
    .map((i) => i.key);
  return { table: table.id, values, direct };
}
