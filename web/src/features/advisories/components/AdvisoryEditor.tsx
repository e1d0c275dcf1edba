// Writing a new revision of the advisory (staff): the fields of the latest revision to start from, the
// Markdown body with Write and Preview tabs. The page has no Markdown renderer of its own (only the server's
// sanitised HTML is inserted as HTML), so Preview shows the text as it will be sent; the saved revision shows
// the server's rendering.
import { useState } from 'react';
import { Alert, Button, Form, Nav } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdvisoryRevision } from '@cvdp/core';
import { ADVISORY_CONTENT_MAX } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { RegisteredTextField } from '../../../components/form/index.ts';
import { saveRevision } from '../api.ts';

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

export function AdvisoryEditor({
  caseId,
  from,
  onDone,
}: {
  caseId: number;
  from: AdvisoryRevision | undefined;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const { register, handleSubmit, watch } = useForm<Values>({
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
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveRevision(caseId, {
        title: v.title,
        summary: v.summary,
        content: v.content,
        impact: v.impact,
        solution: v.solution,
        references: lines(v.references),
        credits: lines(v.credits),
        vulnerabilities: from?.vulnerabilities ?? [],
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) });
      onDone();
    },
  });
  const errors = fieldErrors(save.error);
  const err = (name: string) => {
    const key = Object.keys(errors).find((k) => k === name || k.startsWith(`${name}.`));
    return key ? errors[key]?.[0] : undefined;
  };
  const content = watch('content');

  return (
    <Form noValidate aria-label="New revision of the advisory" onSubmit={handleSubmit((v) => save.mutate(v))}>
      <RegisteredTextField
        id="advisory-title"
        label="Title"
        required
        registration={register('title')}
        error={err('title')}
      />
      <RegisteredTextField
        id="advisory-summary"
        label="Summary"
        multiline
        registration={register('summary')}
        error={err('summary')}
      />
      <Form.Group className="mb-3" controlId="advisory-content">
        <div className="d-flex flex-wrap align-items-end gap-2 mb-1">
          <Form.Label className="mb-0 me-auto">Advisory (Markdown)</Form.Label>
          <Nav
            variant="pills"
            activeKey={tab}
            onSelect={(k) => setTab(k === 'preview' ? 'preview' : 'write')}
          >
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
            {...register('content')}
            isInvalid={Boolean(err('content'))}
          />
        ) : (
          <div className="border rounded p-2" aria-label="Preview">
            <p className="small text-body-secondary mb-1">
              The text as it will be saved; the saved revision shows it rendered.
            </p>
            <div className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {content.trim() ? content : <span className="text-body-secondary">Nothing to preview.</span>}
            </div>
          </div>
        )}
        {err('content') && <div className="invalid-feedback d-block">{err('content')}</div>}
      </Form.Group>
      <RegisteredTextField
        id="advisory-impact"
        label="Impact"
        multiline
        registration={register('impact')}
        error={err('impact')}
      />
      <RegisteredTextField
        id="advisory-solution"
        label="Solution"
        multiline
        registration={register('solution')}
        error={err('solution')}
      />
      <RegisteredTextField
        id="advisory-references"
        label="References"
        multiline
        help="One http(s) address a line."
        registration={register('references')}
        error={err('references')}
      />
      <RegisteredTextField
        id="advisory-credits"
        label="Credits"
        multiline
        help="One credit a line."
        registration={register('credits')}
        error={err('credits')}
      />
      {save.error && !Object.keys(errors).length ? (
        <Alert variant="danger" role="alert">
          {errorMessage(save.error)}
        </Alert>
      ) : null}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save revision
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
