// One embargoed vulnerability (base 2, /cvdp/scoring/predisclosure/:id): what the coordination case says about
// it, our SSVC decision (the shared step form), CVSS 4.0 (the shared calculator) and a CVSS 3.1 vector, each
// saved with PATCH …/score/ (the server computes every outcome), our notes and assignment (PATCH …/{id}/),
// and "Create case", which makes a coordination case from it through base 1.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Col, Row, Spinner } from 'react-bootstrap';
import { z } from 'zod';
import { CVSS4_DEFAULT_VECTOR, type Cvss4Severity } from '@cvdp/core';
import { type PredisclosureVul, predisclosurePatchSchema } from '@cvdp/core/scoring/work';
import { usePageTitle } from '../../lib/page-title.ts';
import { fieldErrors } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import {
  FieldError,
  SelectField,
  SubmitButton,
  TextField,
  ZodForm,
  useZodForm,
} from '../../components/form/index.ts';
import { SsvcOutcomeBadge, SsvcStepForm } from '../ssvc/index.ts';
import { SeverityBadge } from '../cvss/index.ts';
import {
  useCreateCaseFromPredisclosure,
  usePredisclosureVul,
  useScorePredisclosureVul,
  useScorers,
  useUpdatePredisclosureVul,
} from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';
import { Cvss3VectorForm, Saved } from './components/Cvss3VectorForm.tsx';
import { CreateCaseSection } from './components/CreateCaseSection.tsx';

const Cvss4Calculator = lazy(() => import('../cvss/index.ts').then((m) => ({ default: m.Cvss4Calculator })));

const firstFieldError = (error: unknown, field: string) => fieldErrors(error)[field]?.[0];

function Cvss({ value }: { value: { vector: string; score: number; severity: string } }) {
  return (
    <p className="small text-break">
      {value.score.toFixed(1)} <SeverityBadge severity={value.severity.toUpperCase() as Cvss4Severity} />{' '}
      <span className="font-monospace">{value.vector}</span>
    </p>
  );
}

function SsvcPart({ vul }: { vul: PredisclosureVul }) {
  const save = useScorePredisclosureVul(vul.id);
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
  const save = useScorePredisclosureVul(vul.id);
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
  const save = useScorePredisclosureVul(vul.id);
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

/** The fields hold text (the scorer's id as the select has it); the body is what the server checks. */
const notesFormSchema = z
  .object({ notes: z.string(), assign: z.string() })
  .transform((v): z.input<typeof predisclosurePatchSchema> => ({
    notes: v.notes,
    assign: v.assign ? Number(v.assign) : null,
  }))
  .pipe(predisclosurePatchSchema);

/** Notes and assignment (PATCH /api/predisclosure/vuls/{id}/); what is typed stays on an error. */
function NotesForm({ vul }: { vul: PredisclosureVul }) {
  const scorers = useScorers();
  const save = useUpdatePredisclosureVul(vul.id);
  const form = useZodForm(notesFormSchema, {
    defaultValues: { notes: vul.notes, assign: vul.assigned ? String(vul.assigned.id) : '' },
  });
  const { reset, isSuccess } = save;
  // A change after a save: 'Saved.' goes (a refusal stays until the next save).
  useEffect(() => {
    const sub = form.watch(() => isSuccess && reset());
    return () => sub.unsubscribe();
  }, [form, reset, isSuccess]);
  // The assigned scorer stays choosable even if the scorer list does not hold them any more.
  const options = [...(scorers.data ?? [])];
  if (vul.assigned && !options.some((u) => u.id === vul.assigned!.id))
    options.push({ ...vul.assigned, email: '' });
  return (
    <section aria-labelledby="pd-notes-title" className="mb-4">
      <h2 id="pd-notes-title" className="h5">
        Notes and assignment
      </h2>
      <ZodForm form={form} error={save.error} onSubmit={(body) => save.mutate(body)}>
        <TextField id="predisclosure-notes" name="notes" label="Notes" multiline={4} className="mb-2" />
        <SelectField
          id="predisclosure-assign"
          name="assign"
          label="Assigned scorer"
          placeholder="Nobody"
          options={options.map((u) => ({ value: String(u.id), label: u.name }))}
          className="mb-2"
        />
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <SubmitButton size="sm" pending={save.isPending}>
            Save notes and assignment
          </SubmitButton>
          <Saved ok={save.isSuccess} />
        </div>
      </ZodForm>
    </section>
  );
}

export function PredisclosureVulPage() {
  const raw = useParams().id ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : 0;
  const vul = usePredisclosureVul(id);
  const createCase = useCreateCaseFromPredisclosure(id);
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
          <CreateCaseSection idPrefix="pd" what="its description and CWEs" mutation={createCase} />
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
