// Priorities and standing assignments (base 2, scorers and admins). Software priorities: a vendor (and product)
// or a CPE pattern with a weight that orders the queue. Standing assignments: a scorer takes a vendor or a CWE
// class, and newly ingested records of it go to them. Both are tables ('No data ...' when empty) with a form to
// add one and Delete asking first. The forms are checked with core's schemas before sending, and the server's
// refusals appear under their fields; nothing typed is lost on an error.
import { type FormEvent, useState } from 'react';
import { Button, ButtonGroup, Col, Form, Row, Table, ToggleButton } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodError } from 'zod';
import {
  type SoftwarePriority,
  type StandingAssignment,
  priorityCreateSchema,
  standingAssignmentCreateSchema,
} from '@cvdp/core/scoring/work';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fieldErrors } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { FieldError, RequiredMark } from '../../components/form/index.ts';
import {
  createAssignment,
  createPriority,
  deleteAssignment,
  deletePriority,
  fetchAssignments,
  fetchPriorities,
  fetchScorers,
} from './api.ts';
import { ScoringNav } from './components/ScoringNav.tsx';
import { ConfirmDelete } from './components/ConfirmDelete.tsx';

type Errors = Record<string, string | undefined>;

const issuesOf = (error: ZodError): Errors =>
  Object.fromEntries(error.issues.map((i) => [String(i.path[0] ?? 'non_field_errors'), i.message]));

/** The server's per-field messages (first of each), else nothing. */
function serverErrors(error: unknown): Errors {
  return Object.fromEntries(Object.entries(fieldErrors(error)).map(([k, v]) => [k, v[0]]));
}

function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  required?: boolean;
  type?: string;
  help?: string;
  placeholder?: string;
}) {
  const described = [props.error ? `${props.id}-error` : '', props.help ? `${props.id}-help` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group controlId={props.id}>
      <Form.Label>
        {props.label}
        {props.required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        type={props.type ?? 'text'}
        value={props.value}
        spellCheck={false}
        autoComplete="off"
        placeholder={props.placeholder}
        isInvalid={!!props.error}
        aria-required={props.required || undefined}
        aria-describedby={described || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.help && (
        <Form.Text id={`${props.id}-help`} muted>
          {props.help}
        </Form.Text>
      )}
      <FieldError message={props.error} id={`${props.id}-error`} />
    </Form.Group>
  );
}

function Choice<T extends string>(props: {
  name: string;
  legend: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(v: T): void;
}) {
  return (
    <fieldset className="mb-2">
      <legend className="form-label fs-6 mb-1">{props.legend}</legend>
      <ButtonGroup size="sm">
        {props.options.map((o) => (
          <ToggleButton
            key={o.value}
            id={`${props.name}-${o.value}`}
            type="radio"
            variant="outline-primary"
            name={props.name}
            value={o.value}
            checked={props.value === o.value}
            onChange={() => props.onChange(o.value)}
          >
            {o.label}
          </ToggleButton>
        ))}
      </ButtonGroup>
    </fieldset>
  );
}

const priorityTarget = (p: SoftwarePriority) =>
  p.cpe ?? (p.product ? `${p.vendor} / ${p.product}` : `${p.vendor} (every product)`);

function PrioritiesSection() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.scoring.priorities(), queryFn: fetchPriorities });
  const [by, setBy] = useState<'vendor' | 'cpe'>('vendor');
  const [values, setValues] = useState({ vendor: '', product: '', cpe: '', weight: '10' });
  const [local, setLocal] = useState<Errors>({});
  const [deleting, setDeleting] = useState<SoftwarePriority | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.scoring.priorities() });
  const create = useMutation({
    mutationFn: createPriority,
    onSuccess: () => {
      setValues({ vendor: '', product: '', cpe: '', weight: values.weight });
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deletePriority,
    onSuccess: () => {
      setDeleting(null);
      return refresh();
    },
  });
  const errors: Errors = { ...serverErrors(create.error), ...local };
  const change = (key: keyof typeof values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setLocal({});
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const weight = values.weight.trim() === '' ? Number.NaN : Number(values.weight);
    const body =
      by === 'cpe'
        ? { cpe: values.cpe.trim(), weight }
        : {
            vendor: values.vendor.trim() || undefined,
            product: values.product.trim() || undefined,
            weight,
          };
    if (Number.isNaN(weight)) return setLocal({ weight: 'weight must be a whole number.' });
    if (by === 'cpe' && !values.cpe.trim()) return setLocal({ cpe: 'This field is required.' });
    const checked = priorityCreateSchema.safeParse(body);
    if (!checked.success) return setLocal(issuesOf(checked.error));
    setLocal({});
    create.mutate(checked.data);
  }

  const rows = list.data ?? [];
  return (
    <section aria-labelledby="priorities-title" className="mb-5">
      <h2 className="h5" id="priorities-title">
        Software priorities
      </h2>
      <p className="small text-body-secondary">
        Records of a prioritised vendor, product or CPE come first in the queue when it is ordered by
        priority; a higher weight comes first, a negative weight pushes records down.
      </p>
      <ErrorAlert error={list.error} />
      <div className="table-responsive mb-3">
        <Table size="sm" className="align-middle" aria-labelledby="priorities-title">
          <thead>
            <tr>
              <th scope="col">Applies to</th>
              <th scope="col">Weight</th>
              <th scope="col" className="d-none d-sm-table-cell">
                Added by
              </th>
              <th scope="col" className="d-none d-sm-table-cell">
                Added
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isSuccess && rows.length === 0 && <NoDataRow colSpan={5} />}
            {rows.map((p) => (
              <tr key={p.id}>
                <td className={p.cpe ? 'text-break font-monospace small' : 'text-break'}>
                  {priorityTarget(p)}
                </td>
                <td>{p.weight}</td>
                <td className="d-none d-sm-table-cell">{p.created_by?.name ?? '—'}</td>
                <td className="text-nowrap d-none d-sm-table-cell">{formatDate(p.created_at)}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete priority ${priorityTarget(p)}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(p);
                    }}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <h3 className="h6" id="priority-new-title">
        New priority
      </h3>
      <Form noValidate aria-labelledby="priority-new-title" onSubmit={submit}>
        <Choice
          name="priority-by"
          legend="Match by"
          value={by}
          options={[
            { value: 'vendor', label: 'Vendor and product' },
            { value: 'cpe', label: 'CPE pattern' },
          ]}
          onChange={(v) => {
            setBy(v);
            setLocal({});
            create.reset();
          }}
        />
        <Row className="g-2 mb-2">
          {by === 'vendor' ? (
            <>
              <Col xs={12} sm={6} md={4}>
                <Field
                  id="priority-vendor"
                  label="Vendor"
                  required
                  value={values.vendor}
                  onChange={change('vendor')}
                  error={errors.vendor}
                />
              </Col>
              <Col xs={12} sm={6} md={4}>
                <Field
                  id="priority-product"
                  label="Product"
                  value={values.product}
                  onChange={change('product')}
                  error={errors.product}
                  help="Empty: every product of the vendor."
                />
              </Col>
            </>
          ) : (
            <Col xs={12} md={8}>
              <Field
                id="priority-cpe"
                label="CPE pattern"
                required
                value={values.cpe}
                onChange={change('cpe')}
                error={errors.cpe}
                placeholder="cpe:2.3:a:vendor:product:*:*:*:*:*:*:*:*"
                help="A CPE 2.3 name; * matches any value."
              />
            </Col>
          )}
          <Col xs={6} md={2}>
            <Field
              id="priority-weight"
              label="Weight"
              type="number"
              required
              value={values.weight}
              onChange={change('weight')}
              error={errors.weight}
            />
          </Col>
        </Row>
        <FieldError message={errors.non_field_errors} />
        {create.error && Object.keys(fieldErrors(create.error)).length === 0 ? (
          <ErrorAlert error={create.error} />
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          Add priority
        </Button>
      </Form>
      {deleting && (
        <ConfirmDelete
          title="Delete priority"
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        >
          Delete the priority for <span className="text-break">{priorityTarget(deleting)}</span> (weight{' '}
          {deleting.weight})? The queue&apos;s priorities are recomputed.
        </ConfirmDelete>
      )}
    </section>
  );
}

const assignmentTarget = (a: StandingAssignment) => (a.cwe ? a.cwe : `vendor ${a.vendor}`);

function AssignmentsSection() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.scoring.assignments(), queryFn: fetchAssignments });
  const scorers = useQuery({ queryKey: queryKeys.scoring.scorers(), queryFn: fetchScorers });
  const [by, setBy] = useState<'vendor' | 'cwe'>('vendor');
  const [values, setValues] = useState({ user: '', vendor: '', cwe: '' });
  const [local, setLocal] = useState<Errors>({});
  const [deleting, setDeleting] = useState<StandingAssignment | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.scoring.assignments() });
  const create = useMutation({
    mutationFn: createAssignment,
    onSuccess: () => {
      setValues((old) => ({ ...old, vendor: '', cwe: '' }));
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deleteAssignment,
    onSuccess: () => {
      setDeleting(null);
      return refresh();
    },
  });
  const errors: Errors = { ...serverErrors(create.error), ...local };
  const change = (key: keyof typeof values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setLocal({});
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.user) return setLocal({ user: 'Choose a scorer.' });
    const target = by === 'vendor' ? values.vendor.trim() : values.cwe.trim();
    if (!target) return setLocal({ [by]: 'This field is required.' });
    const checked = standingAssignmentCreateSchema.safeParse({ user: Number(values.user), [by]: target });
    if (!checked.success) return setLocal(issuesOf(checked.error));
    setLocal({});
    create.mutate(checked.data);
  }

  const rows = list.data ?? [];
  return (
    <section aria-labelledby="assignments-title" className="mb-4">
      <h2 className="h5" id="assignments-title">
        Standing assignments
      </h2>
      <p className="small text-body-secondary">
        Newly ingested records of the vendor or with the CWE are assigned to the scorer.
      </p>
      <ErrorAlert error={list.error} />
      <div className="table-responsive mb-3">
        <Table size="sm" className="align-middle" aria-labelledby="assignments-title">
          <thead>
            <tr>
              <th scope="col">Scorer</th>
              <th scope="col">Takes</th>
              <th scope="col" className="d-none d-sm-table-cell">
                Added
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isSuccess && rows.length === 0 && <NoDataRow colSpan={4} />}
            {rows.map((a) => (
              <tr key={a.id}>
                <td className="text-break">{a.user.name}</td>
                <td className="text-break">{a.cwe ? `CWE class ${a.cwe}` : `Vendor ${a.vendor}`}</td>
                <td className="text-nowrap d-none d-sm-table-cell">{formatDate(a.created_at)}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete assignment of ${assignmentTarget(a)} to ${a.user.name}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(a);
                    }}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <h3 className="h6" id="assignment-new-title">
        New standing assignment
      </h3>
      <ErrorAlert error={scorers.error} />
      <Form noValidate aria-labelledby="assignment-new-title" onSubmit={submit}>
        <Row className="g-2 mb-2">
          <Col xs={12} sm={6} md={4}>
            <Form.Group controlId="assignment-user">
              <Form.Label>
                Scorer
                <RequiredMark />
              </Form.Label>
              <Form.Select
                value={values.user}
                isInvalid={!!errors.user}
                aria-required
                aria-describedby={errors.user ? 'assignment-user-error' : undefined}
                onChange={(e) => change('user')(e.target.value)}
              >
                <option value="">Choose a scorer…</option>
                {(scorers.data ?? []).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </Form.Select>
              <FieldError message={errors.user} id="assignment-user-error" />
            </Form.Group>
          </Col>
        </Row>
        <Choice
          name="assignment-by"
          legend="Takes"
          value={by}
          options={[
            { value: 'vendor', label: 'A vendor' },
            { value: 'cwe', label: 'A CWE class' },
          ]}
          onChange={(v) => {
            setBy(v);
            setLocal({});
            create.reset();
          }}
        />
        <Row className="g-2 mb-2">
          <Col xs={12} sm={6} md={4}>
            {by === 'vendor' ? (
              <Field
                id="assignment-vendor"
                label="Vendor"
                required
                value={values.vendor}
                onChange={change('vendor')}
                error={errors.vendor}
              />
            ) : (
              <Field
                id="assignment-cwe"
                label="CWE"
                required
                value={values.cwe}
                onChange={change('cwe')}
                error={errors.cwe}
                placeholder="CWE-79"
              />
            )}
          </Col>
        </Row>
        <FieldError message={errors.non_field_errors} />
        {create.error && Object.keys(fieldErrors(create.error)).length === 0 ? (
          <ErrorAlert error={create.error} />
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          Add assignment
        </Button>
      </Form>
      {deleting && (
        <ConfirmDelete
          title="Delete standing assignment"
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id)}
        >
          Stop assigning {assignmentTarget(deleting)} to {deleting.user.name}? Records already assigned stay
          assigned.
        </ConfirmDelete>
      )}
    </section>
  );
}

export function WorkPage() {
  usePageTitle('Priorities and assignments');
  return (
    <div>
      <ScoringNav />
      <h1 className="h3 mb-3">Priorities and assignments</h1>
      <PrioritiesSection />
      <AssignmentsSection />
    </div>
  );
}
