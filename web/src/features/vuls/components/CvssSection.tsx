// A vulnerability's CVSS scores by version, as the server computed them (score, severity, who and when); staff
// score it with the CVSS v4.0 calculator or a v3.1 vector (3.0 is accepted too) and remove their scores. The
// reporter's vector stays as the reporter's score beside the coordinator's.
import { Suspense, lazy, useState } from 'react';
import { Button, Form, Spinner, Table } from 'react-bootstrap';
import { CVSS4_DEFAULT_VECTOR, type CvssVersion, type Vulnerability } from '@cvdp/core';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError } from '../../../components/form/index.ts';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { SeverityBadge } from '../../cvss/index.ts';
import { useDeleteCvss, useSaveCvss } from '../api/index.ts';
import { serverFieldErrors } from '../form-errors.ts';
import { cvssSeverity, orderedScores } from './badges.tsx';

// The calculator and the engine's tables load when a staff member opens the scores, not with the case page.
const Cvss4Calculator = lazy(() =>
  import('../../cvss/index.ts').then((m) => ({ default: m.Cvss4Calculator })),
);

const coordinatorScore = (vul: Vulnerability, version: CvssVersion) =>
  vul.cvss_scores.find((s) => s.version === version && s.source === 'coordinator');

/** What is sent for a vector of that version: a PATCH once the coordinator has scored it, else a POST. */
const vectorInput = (vul: Vulnerability, vector: string, version: CvssVersion) => ({
  vector,
  replace: !!coordinatorScore(vul, version),
});

/** The field message of a refused vector, or the refusal itself. */
function VectorError({ error }: { error: unknown }) {
  if (!error) return null;
  const byField = serverFieldErrors(error);
  return byField.vector ? <FieldError message={byField.vector} /> : <ErrorAlert error={error} />;
}

function Cvss4Form({ vul }: { vul: Vulnerability }) {
  const start =
    coordinatorScore(vul, '4.0')?.vector ??
    vul.cvss_scores.find((s) => s.version === '4.0')?.vector ??
    CVSS4_DEFAULT_VECTOR;
  const [vector, setVector] = useState<string | null>(start);
  const save = useSaveCvss(vul);
  return (
    <div className="mb-3">
      <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
        <Cvss4Calculator value={start} onChange={(v) => setVector(v)} idPrefix={`vul-${vul.id}-cvss4`} />
      </Suspense>
      <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
        <Button
          size="sm"
          disabled={!vector || save.isPending}
          onClick={() => vector && save.mutate(vectorInput(vul, vector, '4.0'))}
        >
          Save CVSS 4.0 score
        </Button>
        {save.isSuccess && <span className="text-success-emphasis small">Saved.</span>}
      </div>
      <VectorError error={save.error} />
    </div>
  );
}

function Cvss3Form({ vul }: { vul: Vulnerability }) {
  const current = coordinatorScore(vul, '3.1') ?? coordinatorScore(vul, '3.0');
  const [vector, setVector] = useState(current?.vector ?? '');
  const save = useSaveCvss(vul);
  const id = `vul-${vul.id}-cvss3`;
  const fieldError = save.error ? serverFieldErrors(save.error).vector : undefined;
  return (
    <Form
      noValidate
      className="mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        const v = vector.trim();
        if (v) save.mutate(vectorInput(vul, v, v.startsWith('CVSS:3.0/') ? '3.0' : '3.1'));
      }}
    >
      <Form.Group controlId={id} data-field="vector">
        <Form.Label>CVSS v3.1 vector</Form.Label>
        <Form.Control
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"
          value={vector}
          isInvalid={!!fieldError}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(e) => {
            setVector(e.target.value);
            save.reset();
          }}
        />
        <Form.Text muted>A CVSS 3.0 vector is accepted too. The server computes the score.</Form.Text>
        <FieldError message={fieldError} id={`${id}-error`} />
      </Form.Group>
      {save.error && !fieldError ? <ErrorAlert error={save.error} /> : null}
      <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
        <Button type="submit" size="sm" disabled={!vector.trim() || save.isPending}>
          Save CVSS 3.1 score
        </Button>
        {save.isSuccess && <span className="text-success-emphasis small">Saved.</span>}
      </div>
    </Form>
  );
}

export function CvssSection({ vul, staff }: { vul: Vulnerability; staff: boolean }) {
  const remove = useDeleteCvss(vul);
  const scores = orderedScores(vul.cvss_scores);
  const id = `vul-${vul.id}-cvss`;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="h6">
        CVSS
      </h3>
      <Table size="sm" className="align-middle table-stack">
        <thead>
          <tr>
            <th>Version</th>
            <th>Score</th>
            <th>Vector</th>
            <th>Scored</th>
            {staff && (
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {scores.length === 0 && <NoDataRow colSpan={staff ? 5 : 4} />}
          {scores.map((s) => (
            <tr key={`${s.version}-${s.source}`}>
              <td className="text-nowrap" data-label="Version">
                {s.version}
                {s.source === 'reporter' && <span className="text-body-secondary small"> (reporter)</span>}
              </td>
              <td className="text-nowrap" data-label="Score">
                <span className="me-1">{s.score.toFixed(1)}</span>
                <SeverityBadge severity={cvssSeverity(s.severity)} />
              </td>
              <td data-label="Vector">
                <span className="font-monospace cvss-vector">{s.vector}</span>
              </td>
              <td className="small" data-label="Scored">
                {formatDateTime(s.scored_at)}
                {s.scored_by && ` by ${s.scored_by.name}`}
              </td>
              {staff && (
                <td className="text-end">
                  {s.source === 'coordinator' && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(s.version)}
                      aria-label={`Remove the CVSS ${s.version} score`}
                    >
                      Remove
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <ErrorAlert error={remove.error} />
      {staff && (
        <>
          <Cvss4Form vul={vul} />
          <Cvss3Form vul={vul} />
        </>
      )}
    </section>
  );
}
