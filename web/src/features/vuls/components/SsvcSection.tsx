// A vulnerability's SSVC decision: the current outcome with its decision table, values and vector string, the
// history of decisions (removals included), and for staff the step-by-step form (one decision point at a
// time) whose values the server turns into the outcome with the same tables.
import { useState } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { SSVC_DECISION_POINTS, type SsvcDecisionView, type Vulnerability } from '@cvdp/core';
import { formatDateTime } from '../../../lib/format.ts';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { fieldErrors } from '../../../lib/api-client.ts';
import { SsvcOutcomeBadge, SsvcStepForm } from '../../ssvc/index.ts';
import { useDeleteSsvc, useSaveSsvc, useSsvcHistory } from '../api/index.ts';

/** The outcome, coloured by its rank in the table's outcome group, after the word SSVC. */
export function SsvcBadge({ decision }: { decision: SsvcDecisionView }) {
  return (
    <span className="d-inline-flex align-items-center gap-1" title={decision.vector}>
      <span className="small">SSVC</span>
      <SsvcOutcomeBadge table={decision.table} outcome={decision.outcome} />
    </span>
  );
}

/** A stored decision's values by decision-point name ('Exploitation: Active'), as far as core knows them. */
function DecisionValues({ d }: { d: SsvcDecisionView }) {
  const entries = Object.entries(d.values).map(([key, value]) => {
    const dp = (
      SSVC_DECISION_POINTS as Record<
        string,
        (typeof SSVC_DECISION_POINTS)[keyof typeof SSVC_DECISION_POINTS] | undefined
      >
    )[key];
    return [dp?.name ?? key, dp?.values.find((v) => v.key === value)?.name ?? value] as const;
  });
  return (
    <details className="small mt-1">
      <summary>Decision points</summary>
      <dl className="mb-0">
        {entries.map(([name, value]) => (
          <div key={name} className="d-flex gap-2">
            <dt className="fw-normal">{name}</dt>
            <dd className="mb-0 fw-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function DecisionLine({ d }: { d: SsvcDecisionView }) {
  return (
    <>
      {d.removed ? <ContrastBadge bg="secondary">Removed</ContrastBadge> : <SsvcBadge decision={d} />}{' '}
      <span className="small">
        {d.table_name} {d.table_version} · {formatDateTime(d.decided_at)}
        {d.decided_by && ` by ${d.decided_by.name}`}
      </span>
      {!d.removed && (
        <>
          <div className="small text-break">
            <span className="font-monospace cvss-vector">{d.vector}</span>
          </div>
          <DecisionValues d={d} />
        </>
      )}
    </>
  );
}

/** A refused decision: the server's reason and what it said about each decision point. */
function SaveError({ error }: { error: unknown }) {
  if (!error) return null;
  const messages = Object.entries(fieldErrors(error)).flatMap(([field, list]) =>
    list.map((m) => `${field.replace(/^values\./, '')}: ${m}`),
  );
  return (
    <div className="mt-3">
      <ErrorAlert error={error} />
      {messages.length > 0 && (
        <ul className="small text-danger mb-0">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SsvcSection({ vul, staff }: { vul: Vulnerability; staff: boolean }) {
  const [deciding, setDeciding] = useState(false);
  const history = useSsvcHistory(vul);
  const save = useSaveSsvc(vul);
  const remove = useDeleteSsvc(vul);
  const id = `vul-${vul.id}-ssvc`;
  const past = [...(history.data ?? [])].sort((a, b) => b.id - a.id);

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="h6">
        SSVC
      </h3>
      {vul.ssvc ? (
        <div className="mb-2">
          <DecisionLine d={vul.ssvc} />
        </div>
      ) : (
        <p className="text-body-secondary">No SSVC decision yet.</p>
      )}
      {staff && !deciding && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Button size="sm" onClick={() => setDeciding(true)}>
            {vul.ssvc ? 'Change SSVC decision' : 'Decide with SSVC'}
          </Button>
          {vul.ssvc && (
            <Button
              size="sm"
              variant="outline-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove SSVC decision
            </Button>
          )}
        </div>
      )}
      <ErrorAlert error={remove.error} />
      {staff && deciding && (
        <div className="border rounded p-3 mb-3 bg-body">
          <SsvcStepForm
            initial={vul.ssvc ? { table: vul.ssvc.table, values: vul.ssvc.values } : undefined}
            submitting={save.isPending}
            onSubmit={(input) =>
              save
                .mutateAsync(
                  { ...input, replace: vul.ssvc !== null },
                  { onSuccess: () => setDeciding(false) },
                )
                .then(
                  () => undefined,
                  () => undefined,
                )
            }
          />
          <SaveError error={save.error} />
          <Button size="sm" variant="link" className="px-0 mt-2" onClick={() => setDeciding(false)}>
            Cancel
          </Button>
        </div>
      )}
      <h4 className="h6 text-body-secondary mt-3">History</h4>
      <ErrorAlert error={history.error} />
      {history.data && past.length === 0 && <p className="text-body-secondary small">No decisions yet.</p>}
      {past.length > 0 && (
        <ListGroup as="ol" variant="flush" aria-label="SSVC decisions, newest first">
          {past.map((d) => (
            <ListGroup.Item as="li" key={d.id} className="px-0">
              <DecisionLine d={d} />
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
