// Priorities and standing assignments (base 2, scorers and admins). Software priorities: a vendor (and product)
// or a CPE pattern with a weight that orders the queue. Standing assignments: a scorer takes a vendor or a CWE
// class, and newly ingested records of it go to them. Both are tables ('No data ...' when empty) with a form to
// add one and Delete asking first. The forms are checked with core's schemas before sending, and the server's
// refusals appear under their fields; nothing typed is lost on an error.
import { useState } from 'react';
import { Button, ButtonGroup, Col, Row, Table, ToggleButton } from 'react-bootstrap';
import { useFormContext } from 'react-hook-form';
import { z } from 'zod';
import {
  type SoftwarePriority,
  type StandingAssignment,
  priorityCreateSchema,
  standingAssignmentCreateSchema,
} from '@cvdp/core/scoring/work';
import { usePageTitle } from '../../lib/page-title.ts';
import { formatDate } from '../../lib/format.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SelectField, SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import {
  useAssignments,
  useCreateAssignment,
  useCreatePriority,
  useDeleteAssignment,
  useDeletePriority,
  usePriorities,
  useScorers,
} from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';

/** A text field of these forms: codes and names, so no spelling checker and no autofill. */
function Field(props: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  type?: 'number';
  help?: string;
  placeholder?: string;
}) {
  return <TextField {...props} spellCheck={false} autoComplete="off" className="" />;
}

/** Toggle buttons choosing what the form's other fields mean (a form value of their own). */
function Choice<T extends string>(props: {
  name: string;
  field: string;
  legend: string;
  options: { value: T; label: string }[];
  onChange(): void;
}) {
  const form = useFormContext<Record<string, string>>();
  const value = form.watch(props.field);
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
            checked={value === o.value}
            onChange={() => {
              form.setValue(props.field, o.value);
              form.clearErrors();
              props.onChange();
            }}
          >
            {o.label}
          </ToggleButton>
        ))}
      </ButtonGroup>
    </fieldset>
  );
}

/**
 * The fields hold text; the body is a vendor (and product) or a CPE pattern with a whole-number weight, as
 * core's schema checks it. A missing weight or CPE is said first, as the server would.
 */
const priorityFormSchema = z
  .object({
    by: z.enum(['vendor', 'cpe']),
    vendor: z.string(),
    product: z.string(),
    cpe: z.string(),
    weight: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.weight.trim() === '' || Number.isNaN(Number(v.weight)))
      ctx.addIssue({ code: 'custom', path: ['weight'], message: 'weight must be a whole number.' });
    else if (v.by === 'cpe' && !v.cpe.trim())
      ctx.addIssue({ code: 'custom', path: ['cpe'], message: 'This field is required.' });
  })
  .transform((v): z.input<typeof priorityCreateSchema> =>
    v.by === 'cpe'
      ? { cpe: v.cpe.trim(), weight: Number(v.weight) }
      : {
          vendor: v.vendor.trim() || undefined,
          product: v.product.trim() || undefined,
          weight: Number(v.weight),
        },
  )
  .pipe(priorityCreateSchema);

const priorityTarget = (p: SoftwarePriority) =>
  p.cpe ?? (p.product ? `${p.vendor} / ${p.product}` : `${p.vendor} (every product)`);

function PrioritiesSection() {
  const list = usePriorities();
  const form = useZodForm(priorityFormSchema, {
    defaultValues: { by: 'vendor', vendor: '', product: '', cpe: '', weight: '10' },
  });
  const by = form.watch('by');
  const [deleting, setDeleting] = useState<SoftwarePriority | null>(null);
  const create = useCreatePriority();
  const remove = useDeletePriority();

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
      <ZodForm
        form={form}
        error={create.error}
        label="New priority"
        onSubmit={(body) =>
          create.mutate(body, {
            // The next priority is often of another vendor with the same weight: the weight and choice stay.
            onSuccess: () => form.reset({ ...form.getValues(), vendor: '', product: '', cpe: '' }),
          })
        }
      >
        <Choice
          name="priority-by"
          field="by"
          legend="Match by"
          options={[
            { value: 'vendor', label: 'Vendor and product' },
            { value: 'cpe', label: 'CPE pattern' },
          ]}
          onChange={() => create.reset()}
        />
        <Row className="g-2 mb-2">
          {by === 'vendor' ? (
            <>
              <Col xs={12} sm={6} md={4}>
                <Field id="priority-vendor" name="vendor" label="Vendor" required />
              </Col>
              <Col xs={12} sm={6} md={4}>
                <Field
                  id="priority-product"
                  name="product"
                  label="Product"
                  help="Empty: every product of the vendor."
                />
              </Col>
            </>
          ) : (
            <Col xs={12} md={8}>
              <Field
                id="priority-cpe"
                name="cpe"
                label="CPE pattern"
                required
                placeholder="cpe:2.3:a:vendor:product:*:*:*:*:*:*:*:*"
                help="A CPE 2.3 name; * matches any value."
              />
            </Col>
          )}
          <Col xs={6} md={2}>
            <Field id="priority-weight" name="weight" label="Weight" type="number" required />
          </Col>
        </Row>
        <SubmitButton pending={create.isPending}>Add priority</SubmitButton>
      </ZodForm>
      {deleting && (
        <ConfirmDialog
          title="Delete priority"
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          Delete the priority for <span className="text-break">{priorityTarget(deleting)}</span> (weight{' '}
          {deleting.weight})? The queue&apos;s priorities are recomputed.
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The scorer is chosen first, then the vendor or CWE class they take, as core's schema checks them. */
const assignmentFormSchema = z
  .object({ by: z.enum(['vendor', 'cwe']), user: z.string(), vendor: z.string(), cwe: z.string() })
  .superRefine((v, ctx) => {
    if (!v.user) ctx.addIssue({ code: 'custom', path: ['user'], message: 'Choose a scorer.' });
    else if (!(v.by === 'vendor' ? v.vendor : v.cwe).trim())
      ctx.addIssue({ code: 'custom', path: [v.by], message: 'This field is required.' });
  })
  .transform((v): z.input<typeof standingAssignmentCreateSchema> => ({
    user: Number(v.user),
    [v.by]: (v.by === 'vendor' ? v.vendor : v.cwe).trim(),
  }))
  .pipe(standingAssignmentCreateSchema);

const assignmentTarget = (a: StandingAssignment) => (a.cwe ? a.cwe : `vendor ${a.vendor}`);

function AssignmentsSection() {
  const list = useAssignments();
  const scorers = useScorers();
  const form = useZodForm(assignmentFormSchema, {
    defaultValues: { by: 'vendor', user: '', vendor: '', cwe: '' },
  });
  const by = form.watch('by');
  const [deleting, setDeleting] = useState<StandingAssignment | null>(null);
  const create = useCreateAssignment();
  const remove = useDeleteAssignment();

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
      <ZodForm
        form={form}
        error={create.error}
        label="New standing assignment"
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => form.reset({ ...form.getValues(), vendor: '', cwe: '' }),
          })
        }
      >
        <Row className="g-2 mb-2">
          <Col xs={12} sm={6} md={4}>
            <SelectField
              id="assignment-user"
              name="user"
              label="Scorer"
              required
              placeholder="Choose a scorer…"
              options={(scorers.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
              className=""
            />
          </Col>
        </Row>
        <Choice
          name="assignment-by"
          field="by"
          legend="Takes"
          options={[
            { value: 'vendor', label: 'A vendor' },
            { value: 'cwe', label: 'A CWE class' },
          ]}
          onChange={() => create.reset()}
        />
        <Row className="g-2 mb-2">
          <Col xs={12} sm={6} md={4}>
            {by === 'vendor' ? (
              <Field id="assignment-vendor" name="vendor" label="Vendor" required />
            ) : (
              <Field id="assignment-cwe" name="cwe" label="CWE" required placeholder="CWE-79" />
            )}
          </Col>
        </Row>
        <SubmitButton pending={create.isPending}>Add assignment</SubmitButton>
      </ZodForm>
      {deleting && (
        <ConfirmDialog
          title="Delete standing assignment"
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          Stop assigning {assignmentTarget(deleting)} to {deleting.user.name}? Records already assigned stay
          assigned.
        </ConfirmDialog>
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
