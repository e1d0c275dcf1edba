// Editing the case's title, summary, dates and tags (staff: PATCH /api/cases/{id}/). Field messages from the
// server show under their field.
import { Button, Modal } from 'react-bootstrap';
import { z } from 'zod';
import { caseUpdateSchema, type CaseDetail } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../../components/form/index.ts';
import { useUpdateCase } from '../api/index.ts';

const parseTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The fields as typed (dates '' when unset, tags one comma-separated text); onSubmit maps them to the body. */
const editSchema = z.object({
  title: caseUpdateSchema.shape.title.unwrap(),
  summary: caseUpdateSchema.shape.summary.unwrap(),
  due_date: z.string(),
  public_date: z.string(),
  tags: z.string(),
});

export function EditCaseModal({ c, onHide }: { c: CaseDetail; onHide(): void }) {
  const form = useZodForm(editSchema, {
    defaultValues: {
      title: c.title,
      summary: c.summary,
      due_date: c.due_date ?? '',
      public_date: c.public_date ?? '',
      tags: c.tags.join(', '),
    },
  });
  const change = useUpdateCase(c.id);
  const titled = form.watch('title').trim() !== '';
  // The alert on top says what went wrong, as before; field messages go under their fields too.
  const fieldError = Object.keys(fieldErrors(change.error)).length > 0 ? change.error : undefined;

  return (
    <Modal show onHide={onHide} aria-labelledby="edit-case-title">
      <ZodForm
        form={form}
        error={fieldError}
        onSubmit={(v) =>
          change.mutate(
            {
              title: v.title,
              summary: v.summary,
              due_date: v.due_date || null,
              public_date: v.public_date || null,
              tags: parseTags(v.tags),
            },
            { onSuccess: onHide },
          )
        }
      >
        <Modal.Header closeButton>
          <Modal.Title id="edit-case-title">Edit the case</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert error={change.error} />
          <TextField id="edit-case-title-field" name="title" label="Title" />
          <TextField id="edit-case-summary" name="summary" label="Summary" multiline />
          <TextField id="edit-case-due" name="due_date" label="Due date" type="date" />
          <TextField id="edit-case-public" name="public_date" label="Public date" type="date" />
          <TextField
            id="edit-case-tags"
            name="tags"
            label="Tags"
            help="Separate tags with commas."
            className=""
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <SubmitButton pending={change.isPending} disabled={!titled}>
            Save
          </SubmitButton>
        </Modal.Footer>
      </ZodForm>
    </Modal>
  );
}
