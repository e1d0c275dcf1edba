// The triage queue's bulk action bar: for the reports selected, one action — activate, assign (a coordinator
// or an auto-assignment role), merge into a case, close with a resolution and a message to each reporter
// (from a message template the administrator edits under Email templates), release held reports into the queue — asked once in a confirmation, then done report by report on the server.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { z } from 'zod';
import { type BulkTriage, type BulkTriageAnswer, type Contact, BULK_TRIAGE_ACTIONS } from '@cvdp/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SelectField, SubmitButton, TextField, ZodForm, useZodForm } from '../../../components/form/index.ts';
import { toast } from '../../../lib/toast.ts';
import { ContactField } from '../../cases/index.ts';
import { useBulkTriage, useListMetadata, useTriageMessages } from '../api/index.ts';

const ACTION_LABELS: Record<BulkTriage['action'], string> = {
  activate: 'Activate',
  assign: 'Assign',
  merge: 'Merge into a case',
  close: 'Close',
  release: 'Release into the queue',
};

const barSchema = z.object({
  action: z.enum(BULK_TRIAGE_ACTIONS),
  coordinator: z.array(z.custom<Contact>()),
  role: z.string().trim().max(100),
  into: z.string().trim().regex(/^\d*$/, 'Enter a case number.'),
  resolution: z.string(),
  template: z.string(),
  message: z.string().max(5_000),
});
type BarValues = z.infer<typeof barSchema>;

function toBody(cases: number[], v: BarValues): BulkTriage {
  const body: BulkTriage = { cases, action: v.action };
  if (v.action === 'assign') {
    if (v.coordinator[0]) body.user = v.coordinator[0].id;
    else if (v.role) body.role = v.role;
  }
  if (v.action === 'merge' && v.into) body.into = Number(v.into);
  if (v.action === 'close' && v.resolution) body.resolution = Number(v.resolution);
  if ((v.action === 'close' || v.action === 'merge') && v.message.trim()) body.message = v.message.trim();
  return body;
}

const plural = (n: number) => (n === 1 ? '1 report' : `${n} reports`);

export function BulkTriageBar(props: {
  selected: number[];
  onDone(answer: BulkTriageAnswer): void;
  onClear(): void;
}) {
  const { selected } = props;
  const bulk = useBulkTriage();
  const metadata = useListMetadata();
  const form = useZodForm(barSchema, {
    defaultValues: {
      action: 'activate',
      coordinator: [],
      role: '',
      into: '',
      resolution: '',
      template: '',
      message: '',
    },
  });
  const [pending, setPending] = useState<BulkTriage | null>(null);
  const action = form.watch('action');
  // The administrator's message templates (Email templates), asked for once a close is being prepared.
  const messages = useTriageMessages(action === 'close');

  const applyTemplate = (id: string) => {
    const template = messages.data?.find((t) => String(t.id) === id);
    if (template) form.setValue('message', template.body);
  };

  return (
    <section aria-labelledby="bulk-title" className="border rounded p-2 mb-3 bg-body-tertiary">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id="bulk-title" className="h6 mb-0 me-auto" aria-live="polite">
          {plural(selected.length)} selected
        </h2>
        <Button size="sm" variant="outline-secondary" onClick={props.onClear}>
          Clear selection
        </Button>
      </div>
      <ZodForm form={form} onSubmit={(v) => setPending(toBody(selected, v))}>
        <div className="row g-2">
          <div className="col-12 col-md-4">
            <SelectField
              id="bulk-action"
              name="action"
              label="Action"
              options={BULK_TRIAGE_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
              className="mb-2"
            />
          </div>
          {action === 'assign' && (
            <>
              <div className="col-12 col-md-4 mb-2">
                <ContactField id="bulk-coordinator" name="coordinator" label="Coordinator" kind="user" />
              </div>
              <div className="col-12 col-md-4">
                <TextField id="bulk-role" name="role" label="Or an auto-assignment role" className="mb-2" />
              </div>
            </>
          )}
          {action === 'merge' && (
            <div className="col-12 col-md-4">
              <TextField
                id="bulk-into"
                name="into"
                label="Case number to merge into"
                inputMode="numeric"
                className="mb-2"
              />
            </div>
          )}
          {action === 'close' && (
            <>
              <div className="col-12 col-md-4">
                <SelectField
                  id="bulk-resolution"
                  name="resolution"
                  label="Resolution"
                  placeholder="Choose…"
                  options={(metadata.data?.resolutions ?? []).map((r) => ({
                    value: String(r.id),
                    label: r.name,
                  }))}
                  className="mb-2"
                />
              </div>
              <div className="col-12 col-md-4">
                <label className="form-label" htmlFor="bulk-template">
                  Message template
                </label>
                <select
                  id="bulk-template"
                  className="form-select mb-2"
                  defaultValue=""
                  onChange={(e) => applyTemplate(e.target.value)}
                >
                  <option value="">Choose…</option>
                  {(messages.data ?? []).map((t) => (
                    <option key={t.id} value={String(t.id)}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          {(action === 'close' || action === 'merge') && (
            <div className="col-12">
              <TextField
                id="bulk-message"
                name="message"
                label="Message to each reporter"
                multiline={3}
                className="mb-2"
              />
            </div>
          )}
        </div>
        <SubmitButton size="sm" pending={bulk.isPending}>
          {ACTION_LABELS[action]} {plural(selected.length)}…
        </SubmitButton>
      </ZodForm>
      {pending && (
        <ConfirmDialog
          title={`${ACTION_LABELS[pending.action]} ${plural(pending.cases.length)}?`}
          confirmLabel={`${ACTION_LABELS[pending.action]} ${plural(pending.cases.length)}`}
          variant={pending.action === 'close' || pending.action === 'merge' ? 'danger' : 'primary'}
          busy={bulk.isPending}
          error={bulk.error}
          onCancel={() => setPending(null)}
          onConfirm={() =>
            bulk.mutate(pending, {
              onSuccess: (answer) => {
                setPending(null);
                toast(`${plural(answer.done)} done${answer.refused ? `, ${answer.refused} refused` : ''}.`);
                props.onDone(answer);
              },
            })
          }
        >
          <p className="mb-0">
            Each report is handled on its own: the ones that cannot take this action are listed afterwards and
            left as they are.
            {(pending.action === 'close' || pending.action === 'merge') && ' Each reporter is told.'}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
