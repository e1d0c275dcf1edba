// The SSVC decision, one step at a time (issue 11): choose a decision table, then each decision point with its
// definition and values (radio buttons: Tab into the group, arrows to choose), Back/Next, the outcome as soon
// as the remaining points cannot change it, and at the end the outcome, the values and the SSVCv2 vector
// string — all computed on the page with @cvdp/core's tables, which the server applies again.
import { Fragment, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import {
  SSVC_DECISION_POINTS,
  SSVC_TABLE_IDS,
  SSVC_TABLES,
  type SsvcDecisionPointKey,
  type SsvcTableId,
} from '@cvdp/core';
import {
  initialSsvcState,
  ssvcDecide,
  ssvcDerivedOnPath,
  ssvcPathValues,
  ssvcPossible,
  ssvcSteps,
  type SsvcFormState,
} from '../steps.ts';
import { SsvcOutcomeBadge } from './SsvcOutcomeBadge.tsx';

export interface SsvcStepFormProps {
  initial?: { table: string; values: Record<string, string> };
  onSubmit(input: { table: string; values: Record<string, string> }): void | Promise<void>;
  submitting?: boolean;
  readOnly?: boolean;
}

const point = (key: string) => SSVC_DECISION_POINTS[key as SsvcDecisionPointKey];
const valueName = (key: string, value: string) =>
  point(key).values.find((v) => v.key === value)?.name ?? value;

/** The compound point a source belongs to on this table's path (Mission Prevalence → Mission & Well-being). */
function compoundOf(table: SsvcTableId, key: string) {
  return SSVC_TABLES[table].inputs.find((i) => i.derivedFrom?.includes(key as SsvcDecisionPointKey));
}

function Choice(props: {
  name: string;
  id: string;
  label: ReactNode;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
}) {
  return (
    <Form.Check type="radio" id={props.id} className="mb-2">
      <Form.Check.Input
        type="radio"
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
        aria-describedby={`${props.id}-definition`}
      />
      <Form.Check.Label className="fw-semibold">{props.label}</Form.Check.Label>
      <div id={`${props.id}-definition`} className="form-text mt-0">
        {props.description}
      </div>
    </Form.Check>
  );
}

export function SsvcStepForm({ initial, onSubmit, submitting = false, readOnly = false }: SsvcStepFormProps) {
  const [state, setState] = useState<SsvcFormState>(() => initialSsvcState(initial));
  const [step, setStep] = useState(() => {
    const start = initialSsvcState(initial);
    if (!start.table) return 0;
    const complete = ssvcDecide(start)?.ok;
    return readOnly && complete ? ssvcSteps(start.table, start.direct).length + 1 : 1;
  });
  const stepRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const idBase = `ssvc${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  // The vector's timestamp: the moment the result was reached.
  const [decidedAt, setDecidedAt] = useState(() => new Date());

  const steps = state.table ? ssvcSteps(state.table, state.direct) : [];
  const resultStep = steps.length + 1;
  const current = step >= 1 && step <= steps.length ? steps[step - 1] : null;
  const possible = ssvcPossible(state);
  const result = step === resultStep ? ssvcDecide(state, decidedAt) : null;

  useEffect(() => {
    // Each step announces itself: focus its heading (not on the first render, which would steal focus).
    if (moved.current) stepRef.current?.focus();
    moved.current = true;
  }, [step]);

  const choose = (key: string, value: string) =>
    setState((s) => ({ ...s, values: { ...s.values, [key]: value } }));
  const chooseTable = (table: SsvcTableId) =>
    setState((s) => (s.table === table ? s : { table, values: {}, direct: [] }));
  const setDirect = (key: string, direct: boolean) => {
    setState((s) => ({ ...s, direct: direct ? [...s.direct, key] : s.direct.filter((k) => k !== key) }));
  };
  const canNext = step === 0 ? state.table !== null : current ? Boolean(state.values[current]) : false;

  const submit = async () => {
    if (!state.table || !result?.ok) return;
    await onSubmit({ table: state.table, values: ssvcPathValues(state) });
  };

  let body: ReactNode;
  let heading: string;
  if (step === 0 || !state.table) {
    heading = 'Decision table';
    body = (
      <fieldset>
        <legend className="visually-hidden">Decision table</legend>
        {SSVC_TABLE_IDS.map((id) => {
          const t = SSVC_TABLES[id];
          return (
            <Choice
              key={id}
              name={`${idBase}-table`}
              id={`${idBase}-table-${id}`}
              label={`${t.name} ${t.version}`}
              description={t.description}
              checked={state.table === id}
              disabled={readOnly}
              onChange={() => chooseTable(id)}
            />
          );
        })}
      </fieldset>
    );
  } else if (current) {
    const dp = point(current);
    const compound = compoundOf(state.table, current);
    const asDirect = SSVC_TABLES[state.table].inputs.find((i) => i.key === current && i.derivedFrom);
    heading = dp.name;
    body = (
      <fieldset>
        <legend className="visually-hidden">{dp.name}</legend>
        <p className="mb-3">{dp.definition}</p>
        {dp.values.map((v) => (
          <Choice
            key={v.key}
            name={`${idBase}-${dp.key}`}
            id={`${idBase}-${dp.key}-${v.key}`}
            label={v.name}
            description={v.definition}
            checked={state.values[dp.key] === v.key}
            disabled={readOnly}
            onChange={() => choose(dp.key, v.key)}
          />
        ))}
        {compound?.derivedFrom && (
          <p className="small text-body-secondary mb-0">
            {point(compound.key).name} is worked out from{' '}
            {compound.derivedFrom.map((s) => point(s).name).join(' and ')}
            {ssvcDerivedOnPath(state, compound.key) &&
              `: ${valueName(compound.key, ssvcDerivedOnPath(state, compound.key)!)}`}
            .{' '}
            {!readOnly && (
              <Button
                variant="link"
                size="sm"
                className="p-0 align-baseline"
                onClick={() => {
                  setDirect(compound.key, true);
                  setStep(steps.indexOf(compound.derivedFrom![0]) + 1);
                }}
              >
                Choose {point(compound.key).name} directly
              </Button>
            )}
          </p>
        )}
        {asDirect?.derivedFrom && !readOnly && (
          <p className="small text-body-secondary mb-0">
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              onClick={() => setDirect(current, false)}
            >
              Work it out from {asDirect.derivedFrom.map((s) => point(s).name).join(' and ')} instead
            </Button>
          </p>
        )}
      </fieldset>
    );
  } else {
    heading = 'Result';
    const table = SSVC_TABLES[state.table];
    body = result?.ok ? (
      <>
        <p className="mb-2">
          <span className="fw-semibold me-2">Outcome</span>
          <span className="fs-5">
            <SsvcOutcomeBadge table={table.id} outcome={result.decision.outcome.key} />
          </span>{' '}
          <span className="small text-body-secondary">
            {table.name} {table.version}
          </span>
        </p>
        <dl className="row small mb-2">
          {Object.entries(result.decision.values).map(([key, value]) => (
            <Fragment key={key}>
              <dt className="col-sm-5 fw-normal text-body-secondary">{point(key).name}</dt>
              <dd className="col-sm-7 mb-1">{valueName(key, value)}</dd>
            </Fragment>
          ))}
        </dl>
        <div className="mb-2">
          <span className="fw-semibold d-block" id={`${idBase}-vector-label`}>
            Vector string
          </span>
          <code
            className="text-break text-body"
            aria-labelledby={`${idBase}-vector-label`}
            data-testid="ssvc-vector"
          >
            {result.decision.vector}
          </code>
        </div>
      </>
    ) : (
      <Alert variant="warning">{result?.ok === false ? result.message : 'Choose a decision table.'}</Alert>
    );
  }

  return (
    <section className="ssvc-step-form" aria-label="SSVC decision">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <h4 ref={stepRef} tabIndex={-1} className="h6 mb-0">
          {heading}
        </h4>
        <span className="small text-body-secondary">
          {state.table ? `Step ${step + 1} of ${resultStep + 1}` : 'Step 1'}
        </span>
      </div>

      {state.table && step !== resultStep && (
        <div role="status" aria-live="polite" className="small mb-2">
          {possible.length === 1 ? (
            <>
              <span className="fw-semibold">Outcome: </span>
              <SsvcOutcomeBadge table={state.table} outcome={possible[0]} />
              {step < steps.length && (
                <span className="text-body-secondary"> — the remaining points do not change it.</span>
              )}
            </>
          ) : (
            <span className="text-body-secondary">
              Possible outcomes:{' '}
              {possible.map((o) => valueName(SSVC_TABLES[state.table!].outcome, o)).join(', ')}
            </span>
          )}
        </div>
      )}

      <div className="mb-3">{body}</div>

      <div className="d-flex flex-wrap gap-2">
        {step > 0 && (
          <Button variant="outline-secondary" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        )}
        {step < resultStep && (
          <Button
            variant="primary"
            disabled={!canNext}
            onClick={() => {
              if (step + 1 === resultStep) setDecidedAt(new Date());
              setStep(step + 1);
            }}
          >
            Next
          </Button>
        )}
        {step === resultStep && !readOnly && (
          <Button variant="primary" disabled={submitting || !result?.ok} onClick={() => void submit()}>
            {submitting ? 'Saving…' : 'Save decision'}
          </Button>
        )}
      </div>

      {state.table && step > 0 && step !== resultStep && steps.some((k) => state.values[k]) && (
        <ol className="small text-body-secondary mt-3 mb-0 ps-3" aria-label="Chosen so far">
          {steps
            .filter((k) => state.values[k])
            .map((k) => (
              <li key={k}>
                {point(k).name}: {valueName(k, state.values[k])}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
