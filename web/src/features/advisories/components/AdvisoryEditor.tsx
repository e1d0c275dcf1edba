// Writing a new revision of the advisory (staff): the fields of the latest revision to start from, the
// Markdown body with Write and Preview tabs. Preview shows the server's rendering of the text (POST
// /api/markdown/preview/, the function revisions are saved with), so it is what the saved revision shows.
// References and credits are typed one a line and checked as the lists the server
// takes (core's advisoryRevisionSchema), each message under its field.
import { useState } from 'react';
import { Button, Form, Nav } from 'react-bootstrap';
import { useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { AdvisoryRevision } from '@cvdp/core';
import { ADVISORY_CONTENT_MAX, advisoryRevisionSchema } from '@cvdp/core';
import { MarkdownPreview } from '../../../components/MarkdownPreview.tsx';
import {
  FieldError,
  SubmitButton,
  TextField,
  ZodForm,
  mappedSchema,
  useZodForm,
} from '../../../components/form/index.ts';
import { useSaveRevision } from '../api/index.ts';

interface Values {
  title: string;
  summary: string;
  content: string;
  impact: string;
  solution: string;
  references: string;
  credits: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The fields as the body the server takes (the revision's vulnerabilities are added on submit). */
const revisionForm = mappedSchema<Values, z.output<typeof advisoryRevisionSchema>>(
  (v) => ({ ...v, references: lines(v.references), credits: lines(v.credits) }),
  advisoryRevisionSchema,
);

export function AdvisoryEditor({
  caseId,
  from,
  onDone,
}: {
  caseId: number;
  from: AdvisoryRevision | undefined;
  onDone: () => void;
}) {
  const form = useZodForm(revisionForm, {
    defaultValues: {
      title: from?.title ?? '',
      summary: from?.summary ?? '',
      content: from?.content ?? '',
      impact: from?.impact ?? '',
      solution: from?.solution ?? '',
      references: from?.references.join('\n') ?? '',
      credits: from?.credits.join('\n') ?? '',
    },
  });
  const save = useSaveRevision(caseId);

  return (
    <ZodForm
      form={form}
      error={save.error}
      label="New revision of the advisory"
      onSubmit={(body) =>
        // The new revision covers what the one it starts from covered; the hook refreshes, then it closes.
        save.mutate({ ...body, vulnerabilities: from?.vulnerabilities ?? [] }, { onSuccess: onDone })
      }
      footer={
        <div className="d-flex gap-2">
          <SubmitButton pending={save.isPending}>Save revision</SubmitButton>
          <Button variant="outline-secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      }
    >
      <TextField id="advisory-title" name="title" label="Title" required />
      <TextField id="advisory-summary" name="summary" label="Summary" multiline />
      <ContentField />
      <TextField id="advisory-impact" name="impact" label="Impact" multiline />
      <TextField id="advisory-solution" name="solution" label="Solution" multiline />
      <TextField
        id="advisory-references"
        name="references"
        label="References"
        multiline
        help="One http(s) address a line."
      />
      <TextField id="advisory-credits" name="credits" label="Credits" multiline help="One credit a line." />
    </ZodForm>
  );
}

/** The Markdown body: written in a text area, or previewed as the server will render it when saved. */
function ContentField() {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const form = useFormContext<Values>();
  const content = useWatch({ control: form.control, name: 'content' });
  const error = form.getFieldState('content', form.formState).error?.message;
  return (
    <Form.Group className="mb-3" controlId="advisory-content" data-field="content">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-1">
        <Form.Label className="mb-0 me-auto">Advisory (Markdown)</Form.Label>
        <Nav variant="pills" activeKey={tab} onSelect={(k) => setTab(k === 'preview' ? 'preview' : 'write')}>
          <Nav.Item>
            <Nav.Link as="button" type="button" eventKey="write" className="py-1">
              Write
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link as="button" type="button" eventKey="preview" className="py-1">
              Preview
            </Nav.Link>
          </Nav.Item>
        </Nav>
      </div>
      {tab === 'write' ? (
        <Form.Control
          as="textarea"
          rows={12}
          maxLength={ADVISORY_CONTENT_MAX}
          {...form.register('content')}
          isInvalid={Boolean(error)}
          aria-describedby={error ? 'advisory-content-error' : undefined}
        />
      ) : (
        <div className="border rounded p-2" aria-label="Preview">
          <MarkdownPreview text={content} />
        </div>
      )}
      <FieldError message={error} id="advisory-content-error" />
    </Form.Group>
  );
}
