// Staff start a thread: a subject and, optionally, the case participants it is restricted to.
import { Form } from 'react-bootstrap';
import { THREAD_SUBJECT_MAX, threadCreateSchema, type Thread } from '@cvdp/core';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import {
  CheckField,
  FieldError,
  TextField,
  mappedSchema,
  useZodForm,
} from '../../../components/form/index.ts';
import { useCaseParticipants, useCreateThread } from '../api/index.ts';

/** `participants`: the chosen checkboxes' values (participant ids as text). */
type Values = { subject: string; restrict: boolean; participants: string[] };

/**
 * The body the server checks: a restricted thread names its chosen participants; none chosen (or not
 * restricted) leaves `participants` out, a thread open to every participant (the server refuses an empty list).
 */
const toBody = (v: Values) => ({
  subject: v.subject,
  ...(v.restrict && v.participants.length ? { participants: v.participants.map(Number) } : {}),
});
const newThreadForm = mappedSchema(toBody, threadCreateSchema);

export function NewThreadModal({
  caseId,
  onClose,
  onCreated,
}: {
  caseId: number;
  onClose: () => void;
  onCreated: (thread: Thread) => void;
}) {
  const form = useZodForm(newThreadForm, {
    defaultValues: { subject: '', restrict: false, participants: [] },
  });
  const restrict = form.watch('restrict');
  const participants = useCaseParticipants(caseId, restrict);
  const create = useCreateThread(caseId);

  return (
    <FormModal
      form={form}
      title="New thread"
      submitLabel="Create thread"
      pending={create.isPending}
      error={create.error}
      onClose={onClose}
      onSubmit={(body) =>
        create.mutate(
          { subject: body.subject, participants: body.participants ?? [] },
          { onSuccess: onCreated },
        )
      }
    >
      <TextField id="new-thread-subject" name="subject" label="Subject" maxLength={THREAD_SUBJECT_MAX} />
      <CheckField
        id="new-thread-restrict"
        name="restrict"
        type="switch"
        label="Only for chosen participants"
        className="mb-0"
      />
      {restrict && (
        <fieldset className="mt-2 border rounded p-2" style={{ maxHeight: 240, overflowY: 'auto' }}>
          <legend className="small fw-semibold float-none w-auto px-1 mb-0">Participants</legend>
          <ErrorAlert error={participants.error} />
          {participants.data?.length === 0 && <p className="small mb-0">No data ...</p>}
          {participants.data?.map((p) => (
            <Form.Check
              key={p.id}
              id={`new-thread-participant-${p.id}`}
              label={`${p.name} (${p.role})`}
              {...form.register('participants')}
              value={String(p.id)}
            />
          ))}
          <FieldError message={form.formState.errors.participants?.message} />
          <Form.Text>Staff always see every thread.</Form.Text>
        </fieldset>
      )}
    </FormModal>
  );
}
