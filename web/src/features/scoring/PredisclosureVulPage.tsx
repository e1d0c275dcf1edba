// One embargoed vulnerability (base 2, /cvdp/scoring/predisclosure/:id): what the coordination case says about
// it, our SSVC decision (the shared step form), CVSS 4.0 (the shared calculator) and a CVSS 3.1 vector, each
// saved with PATCH …/score/ (the server computes every outcome), our notes and assignment (PATCH …/{id}/),
// and "Create case", which makes a coordination case from it through base 1.
import { Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Col, Form, Row, Spinner } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CVSS4_DEFAULT_VECTOR, type Cvss4Severity } from '@cvdp/core';
import { type PredisclosureVul, predisclosurePatchSchema } from '@cvdp/core/scoring/work';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fieldErrors } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { FieldError } from '../../components/form/index.ts';
import { SsvcOutcomeBadge, SsvcStepForm } from '../ssvc/index.ts';
import { SeverityBadge } from '../cvss/index.ts';
import {
  type ScorePatchBody,
  createCaseFromPredisclosure,
  fetchPredisclosureVul,
  fetchScorers,
  patchPredisclosure,
  patchPredisclosureScore,
} from './api.ts';
import { ScoringNav } from './components/ScoringNav.tsx';
import { Cvss3VectorForm, Saved } from './components/Cvss3VectorForm.tsx';
import { CreateCaseSection } from './components/CreateCaseSection.tsx';

const Cvss4Calculator = lazy(() => import('../cvss/index.ts').then((m) => ({ default: m.Cvss4Calculator })));

const firstFieldError = (error: unknown, field: string) => fieldErrors(error)[field]?.[0];

function useScore(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ScorePatchBody, 'cwes'>) => patchPredisclosureScore(id, body),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.scoring.predisclosureVul(id), data);
      return client.invalidateQueries({ queryKey: [...queryKeys.scoring.all, 'predisclosure'] });
    },
  });
}

function Cvss({ value }: { value: { vector: string; score: number; severity: string } }) {
  return (
    <p className="small text-break">
      {value.score.toFixed(1)} <SeverityBadge severity={value.severity.toUpperCase() as Cvss4Severity} />{' '}
      <span className="font-monospace">{value.vector}</span>
    </p>
  );
}

function SsvcPart({ vul }: { vul: PredisclosureVul }) {
  const save = useScore(vul.id);
  const [open, setOpen] = useState(false);
  const ssvc = vul.score.ssvc;
  return (
    <section aria-labelledby="pd-ssvc-title" className="mb-4">
      <h3 id="pd-ssvc-title" className="h6">
        SSVC
      </h3>
      {ssvc ? (
        <p data-testid="predisclosure-ssvc">
          <SsvcOutcomeBadge table={ssvc.table} outcome={ssvc.outcome} />{' '}
          <span className="small">
            {ssvc.table} {ssvc.table_version}: {ssvc.outcome_name}
          </span>
        </p>
      ) : (
        <p className="text-body-secondary small">No SSVC decision yet.</p>
      )}
      {!open && (
        <Button size="sm" onClick={() => setOpen(true)}>
          {ssvc ? 'Change SSVC decision' : 'Decide with SSVC'}
        </Button>
      )}
      {open && (
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

function Cvss4Part({ vul }: { vul: PredisclosureVul }) {
  const current = vul.score.cvss4;
  const start = current?.vector ?? CVSS4_DEFAULT_VECTOR;
  const [vector, setVector] = useState<string | null>(start);
  const save = useScore(vul.id);
  const fieldError = save.error ? firstFieldError(save.error, 'cvss4') : undefined;
  return (
    <section aria-labelledby="pd-cvss4-title" className="mb-4">
      <h3 id="pd-cvss4-title" className="h6">
        CVSS 4.0
      </h3>
      {current ? (
        <Cvss value={current} />
      ) : (
        <p className="text-body-secondary small">No CVSS 4.0 score yet.</p>
      )}
      <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
        <Cvss4Calculator value={start} onChange={(v) => setVector(v)} idPrefix="predisclosure-cvss4" />
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
      {save.error && (fieldError ? <FieldError message={fieldError} /> : <ErrorAlert error={save.error} />)}
    </section>
  );
}

function Cvss3Part({ vul }: { vul: PredisclosureVul }) {
  const current = vul.score.cvss3;
  const save = useScore(vul.id);
  return (
    <section aria-labelledby="pd-cvss3-title" className="mb-4">
      <h3 id="pd-cvss3-title" className="h6">
        CVSS 3.1
      </h3>
      {current ? (
        <Cvss value={current} />
      ) : (
        <p className="text-body-secondary small">No CVSS 3.1 score yet.</p>
      )}
      <Cvss3VectorForm id="predisclosure-cvss3" initial={current?.vector ?? ''} save={save} />
    </section>
  );
}

/** Notes and assignment (PATCH /api/predisclosure/vuls/{id}/); what is typed stays on an error. */
function NotesForm({ vul }: { vul: PredisclosureVul }) {
  const client = useQueryClient();
  const scorers = useQuery({ queryKey: queryKeys.scoring.scorers(), queryFn: fetchScorers });
  const [notes, setNotes] = useState(vul.notes);
  const [assign, setAssign] = useState(vul.assigned ? String(vul.assigned.id) : '');
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: { notes: string; assign: number | null }) => patchPredisclosure(vul.id, body),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.scoring.predisclosureVul(vul.id), data);
      return client.invalidateQueries({ queryKey: [...queryKeys.scoring.all, 'predisclosure'] });
    },
  });
  const server = save.error ? fieldErrors(save.error) : {};
  const errorOf = (field: string) => local[field] ?? server[field]?.[0];
  const notesError = errorOf('notes');
  const assignError = errorOf('assign');
  // The assigned scorer stays choosable even if the scorer list does not hold them any more.
  const options = [...(scorers.data ?? [])];
  if (vul.assigned && !options.some((u) => u.id === vul.assigned!.id))
    options.push({ ...vul.assigned, email: '' });
  return (
    <section aria-labelledby="pd-notes-title" className="mb-4">
      <h2 id="pd-notes-title" className="h5">
        Notes and assignment
      </h2>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = { notes, assign: assign ? Number(assign) : null };
          const check = predisclosurePatchSchema.safeParse(body);
          if (!check.success) {
            setLocal(
              Object.fromEntries(check.error.issues.map((i) => [String(i.path[0] ?? 'notes'), i.message])),
            );
            return;
          }
          setLocal({});
          save.mutate(body);
        }}
      >
        <Form.Group controlId="predisclosure-notes" className="mb-2">
          <Form.Label>Notes</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            value={notes}
            isInvalid={!!notesError}
            aria-describedby={notesError ? 'predisclosure-notes-error' : undefined}
            onChange={(e) => {
              setNotes(e.target.value);
              setLocal(({ notes: _, ...rest }) => rest);
              if (save.isSuccess) save.reset();
            }}
          />
          <FieldError message={notesError} id="predisclosure-notes-error" />
        </Form.Group>
        <Form.Group controlId="predisclosure-assign" className="mb-2">
          <Form.Label>Assigned scorer</Form.Label>
          <Form.Select
            value={assign}
            isInvalid={!!assignError}
            aria-describedby={assignError ? 'predisclosure-assign-error' : undefined}
            onChange={(e) => {
              setAssign(e.target.value);
              setLocal(({ assign: _, ...rest }) => rest);
              if (save.isSuccess) save.reset();
            }}
          >
            <option value="">Nobody</option>
            {options.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </Form.Select>
          <FieldError message={assignError} id="predisclosure-assign-error" />
        </Form.Group>
        {save.error && !server.notes && !server.assign ? <ErrorAlert error={save.error} /> : null}
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save notes and assignment
          </Button>
          <Saved ok={save.isSuccess} />
        </div>
      </Form>
    </section>
  );
}

export function PredisclosureVulPage() {
  const raw = useParams().id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  const vul = useQuery({
    queryKey: queryKeys.scoring.predisclosureVul(id),
    queryFn: () => fetchPredisclosureVul(id),
    enabled: id > 0,
  });
  const v = vul.data;
  usePageTitle(v ? `Case #${v.case.id}.${v.local_id} · Predisclosure` : 'Predisclosure vulnerability');
  const back = (
    <p className="small mb-1">
      <Link to="/cvdp/scoring/predisclosure">Predisclosure</Link>
    </p>
  );
  if (id === 0 || vul.error)
    return (
      <div>
        <ScoringNav />
        {back}
        {id === 0 ? (
          <Alert variant="warning">No such vulnerability.</Alert>
        ) : (
          <ErrorAlert error={vul.error} />
        )}
      </div>
    );
  if (!v) return <PageSpinner />;
  return (
    <div>
      <ScoringNav />
      {back}
      <h1 className="h3 text-break">
        Case #{v.case.id}.{v.local_id}
        {v.title ? ` ${v.title}` : ''}
      </h1>
      <p className="small">
        Case <span className="fw-semibold text-break">{v.case.title}</span> · CVE {v.cve ?? 'none yet'} ·
        Assigned {v.assigned?.name ?? 'to nobody'} · Updated {formatDateTime(v.updated_at)}
      </p>
      <Alert variant="info" className="small">
        Embargoed: the case&apos;s advisory is not published. This vulnerability is never in the public queue.
      </Alert>
      <Row>
        <Col lg={5}>
          <section aria-labelledby="pd-about-title" className="mb-4">
            <h2 id="pd-about-title" className="h5">
              Vulnerability
            </h2>
            <p className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {v.description || 'No description.'}
            </p>
            <p className="small">CWE {v.cwes.length ? v.cwes.map((n) => `CWE-${n}`).join(', ') : 'none'}</p>
          </section>
          <NotesForm vul={v} />
          <CreateCaseSection
            idPrefix="pd"
            what="its description and CWEs"
            create={() => createCaseFromPredisclosure(v.id)}
          />
        </Col>
        <Col lg={7}>
          <section aria-labelledby="pd-score-title" className="mb-4">
            <h2 id="pd-score-title" className="h5">
              Our score
            </h2>
            <SsvcPart vul={v} />
            <Cvss4Part vul={v} />
            <Cvss3Part vul={v} />
          </section>
        </Col>
      </Row>
    </div>
  );
}
