// Pure state of the CVSS v4.0 calculator: which metrics are set, the vector text being edited,
// and what the calculator shows and emits. Kept free of React so the rules are easy to test.
import {
  Cvss4Error,
  CVSS4_BASE_METRICS,
  CVSS4_DEFAULT_VECTOR,
  cvss4EqLevels,
  cvss4MacroVector,
  cvss4Nomenclature,
  cvss4Record,
  cvss4VectorString,
  hasAllCvss4BaseMetrics,
  parseCvss4,
  parseCvss4Partial,
  type Cvss4EqLevels,
  type Cvss4MetricKey,
  type Cvss4Nomenclature,
  type Cvss4ScoreRecord,
} from '@cvdp/core';

export type Cvss4Metrics = Readonly<Partial<Record<Cvss4MetricKey, string>>>;

export interface CalculatorState {
  metrics: Cvss4Metrics;
  /** Text typed or pasted into the vector field; null shows the vector of `metrics`. */
  draft: string | null;
  /** Why `draft` was rejected (the engine's message), or null. */
  draftError: string | null;
  /** Last vector handed to onChange (or loaded from props), to tell our own echo from a new value. */
  lastEmitted: string | null;
}

export interface CalculatorView {
  /** Vector of the set metrics; lacks base metrics when incomplete. */
  vector: string;
  complete: boolean;
  record: Cvss4ScoreRecord | null;
  eqLevels: Cvss4EqLevels | null;
  macroVector: string | null;
  nomenclature: Cvss4Nomenclature | null;
  /** Threat/environmental/supplemental metrics present: scored, but not shown as inputs. */
  otherMetrics: string[];
}

export const DEFAULT_METRICS: Cvss4Metrics = parseCvss4(CVSS4_DEFAULT_VECTOR).metrics;

/** Empty and blank values mean "no vector"; anything else is compared trimmed. */
export function normalizeValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function describe(error: unknown): string {
  return error instanceof Cvss4Error ? error.description : String(error);
}

/**
 * State for a `value` prop: no vector gives the defaults; a vector may lack base metrics (they
 * stay unset); an invalid one leaves the defaults and shows the vector with why it is invalid.
 */
export function stateFromValue(value: string | null | undefined): CalculatorState {
  const vector = normalizeValue(value);
  if (vector === null) return { metrics: DEFAULT_METRICS, draft: null, draftError: null, lastEmitted: null };
  try {
    return { metrics: parseCvss4Partial(vector), draft: null, draftError: null, lastEmitted: vector };
  } catch (error) {
    return { metrics: DEFAULT_METRICS, draft: vector, draftError: describe(error), lastEmitted: vector };
  }
}

export function viewOf(metrics: Cvss4Metrics): CalculatorView {
  const vector = cvss4VectorString(metrics);
  const otherMetrics = Object.entries(metrics)
    .filter(([key, value]) => !(CVSS4_BASE_METRICS as readonly string[]).includes(key) && value !== 'X')
    .map(([key, value]) => `${key}:${value}`);
  if (!hasAllCvss4BaseMetrics(metrics)) {
    return {
      vector,
      complete: false,
      record: null,
      eqLevels: null,
      macroVector: null,
      nomenclature: null,
      otherMetrics,
    };
  }
  // The metrics came from the engine's parser or from its option lists, so this cannot throw.
  const parsed = parseCvss4(vector);
  return {
    vector,
    complete: true,
    record: cvss4Record(parsed),
    eqLevels: cvss4EqLevels(parsed),
    macroVector: cvss4MacroVector(parsed),
    nomenclature: cvss4Nomenclature(parsed),
    otherMetrics,
  };
}

export interface Transition {
  state: CalculatorState;
  /** What onChange receives; absent when nothing is to be emitted (an invalid vector). */
  emit?: { vector: string | null; record: Cvss4ScoreRecord | null };
}

function withMetrics(metrics: Cvss4Metrics, draft: string | null = null): Transition {
  const view = viewOf(metrics);
  const vector = view.complete ? view.vector : null;
  return {
    state: { metrics, draft, draftError: null, lastEmitted: vector },
    emit: { vector, record: view.record },
  };
}

/** A base metric chosen, or cleared with `value` undefined. */
export function setMetric(
  state: CalculatorState,
  key: Cvss4MetricKey,
  value: string | undefined,
): Transition {
  const metrics: Partial<Record<Cvss4MetricKey, string>> = { ...state.metrics };
  if (value === undefined) delete metrics[key];
  else metrics[key] = value;
  return withMetrics(metrics);
}

/** Back to AV:N AC:L AT:N PR:N UI:N and no impact (score 0); other metrics are dropped too. */
export function reset(): Transition {
  return withMetrics(DEFAULT_METRICS);
}

/**
 * Text typed or pasted into the vector field. Only a complete, valid CVSS:4.0/ vector is taken;
 * anything else keeps the metric inputs as they are, records why it was rejected and withdraws the score:
 * the form must not keep (and submit) a vector the field no longer shows.
 */
export function editVector(state: CalculatorState, text: string): Transition {
  try {
    return withMetrics(parseCvss4(text.trim()).metrics, text);
  } catch (error) {
    const withdraw = state.lastEmitted !== null;
    return {
      state: { ...state, draft: text, draftError: describe(error), lastEmitted: null },
      ...(withdraw && { emit: { vector: null, record: null } }),
    };
  }
}

/** Leaving the field shows the canonical vector again, unless the text there is invalid. */
export function leaveVector(state: CalculatorState): CalculatorState {
  return state.draftError === null && state.draft !== null ? { ...state, draft: null } : state;
}
