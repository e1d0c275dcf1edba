// React state of the calculator: applies the pure transitions, calls onChange from event handlers
// (never from effects), and follows the `value` prop when the parent changes it.
import { useState } from 'react';
import type { Cvss4MetricKey, Cvss4ScoreRecord } from '@cvdp/core';
import {
  editVector,
  leaveVector,
  normalizeValue,
  reset,
  setMetric,
  stateFromValue,
  viewOf,
  type Transition,
} from './calculator-state.ts';

export type Cvss4ChangeHandler = (vector: string | null, record: Cvss4ScoreRecord | null) => void;

export function useCvss4Calculator(value: string | undefined, onChange: Cvss4ChangeHandler) {
  const [state, setState] = useState(() => stateFromValue(value));
  const [prevValue, setPrevValue] = useState(value);

  // Follow the prop only when the parent changes it to something we did not just emit: a parent
  // that echoes onChange back (vector, or null while incomplete) must not reset the user's work,
  // and one that never passes a value leaves the calculator alone. Adjusting state during render
  // is React's pattern for state derived from a changed prop.
  let current = state;
  if (value !== prevValue) {
    setPrevValue(value);
    if (normalizeValue(value) !== state.lastEmitted) {
      current = stateFromValue(value);
      setState(current);
    }
  }

  const apply = ({ state: next, emit }: Transition) => {
    setState(next);
    if (emit) onChange(emit.vector, emit.record);
  };

  return {
    state: current,
    view: viewOf(current.metrics),
    setMetric: (key: Cvss4MetricKey, metricValue: string | undefined) =>
      apply(setMetric(current, key, metricValue)),
    reset: () => apply(reset()),
    editVector: (text: string) => apply(editVector(current, text)),
    leaveVector: () => setState(leaveVector(current)),
  };
}
