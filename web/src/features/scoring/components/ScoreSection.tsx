// Our score of a vulnerability: the SSVC decision (the shared step form), CVSS 4.0 (the calculator), a CVSS 3.1
// vector and CWEs (the shared picker). Only the lock holder changes them; the server computes every outcome.
import { Suspense, lazy, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { CVSS4_DEFAULT_VECTOR, type Cvss4Severity } from '@cvdp/core';
import type { VulDetail } from '@cvdp/core/scoring/index';
import { formatDateTime } from '../../../lib/format.ts';
import { fieldErrors } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError } from '../../../components/form/index.ts';
import { SsvcOutcomeBadge, SsvcStepForm } from '../../ssvc/index.ts';
import { SeverityBadge } from '../../cvss/index.ts';
import { CweField } from '../../cwe/index.ts';
import { useScoreVul } from '../api/index.ts';
import { Cvss3VectorForm, Saved } from './Cvss3VectorForm.tsx';

const Cvss4Calculator = lazy(() =>
  import('../../cvss/index.ts').then((m) => ({ default: m.Cvss4Calculator })),
);

const firstFieldError = (error: unknown, field: string) => fieldErrors(error)[field]?.[0];

function SsvcPart({ vul, canEdit }: { vul: VulDetail; canEdit: boolean }) {
  const save = useScoreVul(vul.cve_id);
  const [open, setOpen] = useState(false);
  const ssvc = vul.our_score?.ssvc ?? null;
  return (
    <section aria-labelledby="ssvc-title" className="mb-4">
      <h3 id="ssvc-title" className="h6">
        SSVC
      </h3>
      {ssvc ? (
        <p data-testid="our-ssvc">
          <SsvcOutcomeBadge table={ssvc.table} outcome={ssvc.outcome} />{' '}
          <span className="small">
            {ssvc.table} {ssvc.table_version}: {ssvc.outcome_name}
          </span>
        </p>
      ) : (
        <p className="text-body-secondary small">No SSVC decision of ours yet.</p>
      )}
      {canEdit && !open && (
        <Button size="sm" onClick={() => setOpen(true)}>
          {ssvc ? 'Change SSVC decision' : 'Decide with SSVC'}
        </Button>
      )}
      {canEdit && open && (
        <div className="border rounded p-3 bg-body">
          <SsvcStepForm
            initial={ssvc ? { table: ssvc.table, values: ssvc.values } : undefined}
            submitting={save.isPending}
            onSubmit={(input) =>
              save.mutateAsync({ ssvc: input }).then(
                () => setOpen(false),
                () => undefined,
              )
            }
          />
          <ErrorAlert error={save.error} />
          <Button size="sm" variant="link" className="px-0 mt-2" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      )}
    </section>
  );
}

function Cvss4Part({ vul, canEdit }: { vul: VulDetail; canEdit: boolean }) {
  const current = vul.our_score?.cvss4 ?? null;
  const start = current?.vector ?? CVSS4_DEFAULT_VECTOR;
  const [vector, setVector] = useState<string | null>(start);
  const save = useScoreVul(vul.cve_id);
  return (
    <section aria-labelledby="cvss4-title" className="mb-4">
      <h3 id="cvss4-title" className="h6">
        CVSS 4.0
      </h3>
      {current ? (
        <p className="small text-break">
          {current.score.toFixed(1)}{' '}
          <SeverityBadge severity={current.severity.toUpperCase() as Cvss4Severity} />{' '}
          <span className="font-monospace">{current.vector}</span>
        </p>
      ) : (
        <p className="text-body-secondary small">No CVSS 4.0 score of ours yet.</p>
      )}
      {canEdit && (
        <>
          <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
            <Cvss4Calculator value={start} onChange={(v) => setVector(v)} idPrefix="scoring-cvss4" />
          </Suspense>
          <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
            <Button
              size="sm"
              disabled={!vector || save.isPending}
              onClick={() => vector && save.mutate({ cvss4: vector })}
            >
              Save CVSS 4.0 score
            </Button>
            <Saved ok={save.isSuccess} />
          </div>
          {save.error &&
            (firstFieldError(save.error, 'cvss4') ? (
              <FieldError message={firstFieldError(save.error, 'cvss4')} />
            ) : (
              <ErrorAlert error={save.error} />
            ))}
        </>
      )}
    </section>
  );
}

function Cvss3Part({ vul, canEdit }: { vul: VulDetail; canEdit: boolean }) {
  const current = vul.our_score?.cvss3 ?? null;
  const save = useScoreVul(vul.cve_id);
  return (
    <section aria-labelledby="cvss3-title" className="mb-4">
      <h3 id="cvss3-title" className="h6">
        CVSS 3.1
      </h3>
      {current ? (
        <p className="small text-break">
          {current.score.toFixed(1)}{' '}
          <SeverityBadge severity={current.severity.toUpperCase() as Cvss4Severity} />{' '}
          <span className="font-monospace">{current.vector}</span>
        </p>
      ) : (
        <p className="text-body-secondary small">No CVSS 3.1 score of ours yet.</p>
      )}
      {canEdit && <Cvss3VectorForm id="scoring-cvss3" initial={current?.vector ?? ''} save={save} />}
    </section>
  );
}

function CwePart({ vul, canEdit }: { vul: VulDetail; canEdit: boolean }) {
  const [cwes, setCwes] = useState<string[]>(vul.our_score?.cwes ?? []);
  const save = useScoreVul(vul.cve_id);
  const fieldError = save.error ? firstFieldError(save.error, 'cwes') : undefined;
  return (
    <section aria-labelledby="cwe-title" className="mb-4">
      <h3 id="cwe-title" className="h6">
        CWE
      </h3>
      {!canEdit &&
        ((vul.our_score?.cwes.length ?? 0) > 0 ? (
          <p className="small">{vul.our_score!.cwes.join(', ')}</p>
        ) : (
          <p className="text-body-secondary small">No CWEs of ours yet.</p>
        ))}
      {canEdit && (
        <>
          <CweField id="scoring-cwes" value={cwes} onChange={setCwes} error={fieldError} />
          {save.error && !fieldError ? <ErrorAlert error={save.error} /> : null}
          <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
            <Button size="sm" disabled={save.isPending} onClick={() => save.mutate({ cwes })}>
              Save CWEs
            </Button>
            <Saved ok={save.isSuccess} />
          </div>
        </>
      )}
    </section>
  );
}

export function ScoreSection({ vul, canEdit }: { vul: VulDetail; canEdit: boolean }) {
  const s = vul.our_score;
  return (
    <section aria-labelledby="score-title" className="mb-4">
      <h2 id="score-title" className="h5">
        Our score
      </h2>
      {s?.updated_at && (
        <p className="small text-body-secondary">
          Last scored {formatDateTime(s.updated_at)}
          {s.scored_by ? ` by ${s.scored_by.name}` : ''}.
        </p>
      )}
      {!canEdit && <p className="small text-body-secondary">Lock the vulnerability to change its score.</p>}
      <SsvcPart vul={vul} canEdit={canEdit} />
      <Cvss4Part key={`4${canEdit}`} vul={vul} canEdit={canEdit} />
      <Cvss3Part key={`3${canEdit}`} vul={vul} canEdit={canEdit} />
      <CwePart key={`c${canEdit}`} vul={vul} canEdit={canEdit} />
    </section>
  );
}
