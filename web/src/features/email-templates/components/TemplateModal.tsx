// Writing a template: name, type and kind (fixed once created), subject and body, beside the variables the
// kind fills in (a click inserts one into the body) and a live preview of the subject and text the email
// would carry with sample values — rendered by the server exactly as it sends them. Unknown variables show
// under their field as they are typed; the server's messages (a duplicate name) show there too.
import { useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Form, Modal, Row } from 'react-bootstrap';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  TEMPLATE_KINDS,
  TEMPLATE_KIND_LABELS,
  TEMPLATE_TYPE_LABELS,
  TEMPLATE_VARIABLES_BY_KIND,
  TEMPLATE_VARIABLE_LABELS,
  emailTemplateCreateSchema,
  type EmailTemplate,
  type EmailTemplateUpdate,
  type NotificationKind,
} from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError, RequiredMark, RegisteredTextField } from '../../../components/form/index.ts';
import { createTemplate, previewTemplate, updateTemplate } from '../api.ts';

interface Values {
  name: string;
  template_type: '0' | '1';
  kind: NotificationKind;
  subject: string;
  body: string;
}
const FIELDS = ['name', 'template_type', 'kind', 'subject', 'body'] as const;

const toBody = (v: Values) => ({ ...v, template_type: Number(v.template_type) as 0 | 1 });

/** Checks the values with core's create schema: the same rules the server applies, variables included. */
const resolver: Resolver<Values> = (values) => {
  const result = emailTemplateCreateSchema.safeParse(toBody(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'root');
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<Values> };
};

/** A value once it has stopped changing for a moment (the preview is asked for then). */
function useSettled<T>(value: T, ms = 400) {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by content
  }, [key, ms]);
  return settled;
}

export function TemplateModal(props: {
  template: EmailTemplate | null;
  onClose(): void;
  onSaved(): unknown;
}) {
  const { template } = props;
  const initial: Values = template
    ? {
        name: template.name,
        template_type: String(template.template_type) as Values['template_type'],
        kind: template.kind,
        subject: template.subject,
        body: template.body,
      }
    : { name: '', template_type: '1', kind: 'case_notice', subject: '', body: '' };
  const form = useForm<Values>({ defaultValues: initial, resolver });
  const { register, handleSubmit, watch, setValue, getValues, formState } = form;
  const save = useMutation({
    mutationFn: async (values: Values) => {
      if (!template) return createTemplate(toBody(values));
      const change: EmailTemplateUpdate = {};
      for (const f of ['name', 'subject', 'body'] as const)
        if (values[f] !== initial[f]) change[f] = values[f];
      return Object.keys(change).length ? updateTemplate(template.id, change) : template;
    },
    onSuccess: props.onSaved,
  });

  const kind = watch('kind');
  const draft = useSettled({ kind, subject: watch('subject'), body: watch('body') });
  const preview = useQuery({
    queryKey: queryKeys.emailTemplates.preview(draft.kind, draft.subject, draft.body),
    queryFn: ({ signal }) => previewTemplate(draft, signal),
    enabled: draft.subject.trim() !== '' && draft.body.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });

  const fromServer = fieldErrors(save.error);
  const fromPreview = fieldErrors(preview.error);
  const message = (name: keyof Values) =>
    formState.errors[name]?.message ?? fromServer[name]?.[0] ?? fromPreview[name]?.[0];
  const unexplained =
    save.error && !Object.keys(fromServer).some((k) => (FIELDS as readonly string[]).includes(k))
      ? save.error
      : null;

  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const bodyField = register('body');
  const insert = (name: string) => {
    const text = `{{${name}}}`;
    const el = bodyRef.current;
    const current = getValues('body');
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    setValue('body', current.slice(0, start) + text + current.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const titleId = 'template-modal-title';
  const variables = TEMPLATE_VARIABLES_BY_KIND[kind] ?? [];
  return (
    <Modal show onHide={props.onClose} aria-labelledby={titleId} backdrop="static" size="xl">
      <Form noValidate aria-labelledby={titleId} onSubmit={handleSubmit((v) => save.mutate(v))}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5 text-break">
            {template ? `Edit email template ${template.name}` : 'New email template'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row className="g-4">
            <Col lg={7}>
              <RegisteredTextField
                id="template-name"
                label="Name"
                required
                registration={register('name')}
                error={message('name')}
              />
              {template ? (
                <p className="small mb-3">
                  <span className="text-muted">Type:</span>{' '}
                  {TEMPLATE_TYPE_LABELS[initial.template_type === '0' ? 0 : 1]}
                  {' · '}
                  <span className="text-muted">Kind:</span> {TEMPLATE_KIND_LABELS[template.kind]}
                </p>
              ) : (
                <Row className="g-2">
                  <Col sm={6}>
                    <Form.Group className="mb-3" controlId="template-type">
                      <Form.Label>Type</Form.Label>
                      <Form.Select
                        {...register('template_type')}
                        isInvalid={Boolean(message('template_type'))}
                      >
                        <option value="0">{TEMPLATE_TYPE_LABELS[0]}</option>
                        <option value="1">{TEMPLATE_TYPE_LABELS[1]}</option>
                      </Form.Select>
                      <FieldError message={message('template_type')} />
                    </Form.Group>
                  </Col>
                  <Col sm={6}>
                    <Form.Group className="mb-3" controlId="template-kind">
                      <Form.Label>Kind</Form.Label>
                      <Form.Select
                        {...register('kind')}
                        isInvalid={Boolean(message('kind'))}
                        aria-describedby={message('kind') ? 'template-kind-error' : undefined}
                      >
                        {TEMPLATE_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {TEMPLATE_KIND_LABELS[k]}
                          </option>
                        ))}
                      </Form.Select>
                      <FieldError message={message('kind')} id="template-kind-error" />
                    </Form.Group>
                  </Col>
                </Row>
              )}
              {template?.in_use ? (
                <p className="small text-muted">
                  {TEMPLATE_KIND_LABELS[template.kind]} notification emails are sent with this template.
                </p>
              ) : null}
              <RegisteredTextField
                id="template-subject"
                label="Subject"
                required
                registration={register('subject')}
                error={message('subject')}
              />
              <Form.Group className="mb-3" controlId="template-body">
                <Form.Label>
                  Body
                  <RequiredMark />
                </Form.Label>
                <Form.Control
                  as="textarea"
                  rows={9}
                  {...bodyField}
                  ref={(el: HTMLTextAreaElement | null) => {
                    bodyField.ref(el);
                    bodyRef.current = el;
                  }}
                  isInvalid={Boolean(message('body'))}
                  aria-required
                  aria-describedby={message('body') ? 'template-body-error' : 'template-body-help'}
                />
                <Form.Text muted id="template-body-help">
                  Plain text; in the HTML part every value is escaped.
                </Form.Text>
                <FieldError message={message('body')} id="template-body-error" />
              </Form.Group>
            </Col>
            <Col lg={5}>
              <section aria-labelledby="template-variables-title" className="mb-3">
                <h3 className="h6" id="template-variables-title">
                  Variables
                </h3>
                <p className="small text-muted mb-2">
                  A {TEMPLATE_KIND_LABELS[kind]} template may use these; a click inserts one into the body.
                </p>
                <ul className="list-unstyled small mb-0">
                  {variables.map((v) => (
                    <li key={v} className="mb-1">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        className="font-monospace py-0 me-1"
                        onClick={() => insert(v)}
                        aria-label={`Insert {{${v}}}`}
                      >{`{{${v}}}`}</Button>
                      <span className="text-muted">{TEMPLATE_VARIABLE_LABELS[v]}</span>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="template-preview-title" aria-live="polite">
                <h3 className="h6" id="template-preview-title">
                  Preview
                </h3>
                <Card body className="bg-body-tertiary small">
                  {preview.data && !preview.isError ? (
                    <>
                      <div className="text-muted">Subject</div>
                      <div className="fw-semibold text-break mb-2" data-testid="preview-subject">
                        {preview.data.subject}
                      </div>
                      <div className="text-muted">Body</div>
                      <div
                        className="text-break"
                        style={{ whiteSpace: 'pre-wrap' }}
                        data-testid="preview-body"
                      >
                        {preview.data.text}
                      </div>
                    </>
                  ) : (
                    <span className="text-muted">
                      {preview.isError
                        ? 'No preview: correct the template first.'
                        : 'Write a subject and a body to see the email.'}
                    </span>
                  )}
                </Card>
                <p className="small text-muted mt-1 mb-0">With sample values.</p>
              </section>
            </Col>
          </Row>
          <ErrorAlert error={unexplained} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {template ? 'Save changes' : 'Add template'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
