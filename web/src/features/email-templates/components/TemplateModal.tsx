// Writing a template: name, type and kind (fixed once created), subject and body, beside the variables the
// kind fills in (a click inserts one into the body) and a live preview of the subject and text the email
// would carry with sample values — rendered by the server exactly as it sends them. Unknown variables show
// under their field as they are typed; the server's messages (a duplicate name) show there too.
import { useEffect, useRef, useState, type Ref } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
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
import { FormModal } from '../../../components/FormModal.tsx';
import {
  FieldError,
  RequiredMark,
  SelectField,
  TextField,
  mappedSchema,
  useZodForm,
} from '../../../components/form/index.ts';
import { useField } from '../../../components/form/field-state.ts';
import { useCreateTemplate, useTemplatePreview, useUpdateTemplate } from '../api/index.ts';

interface Values {
  name: string;
  template_type: '0' | '1';
  kind: NotificationKind;
  subject: string;
  body: string;
}

/** Checked with core's create schema: the same rules the server applies, variables included. */
const templateForm = mappedSchema(
  (v: Values) => ({ ...v, template_type: Number(v.template_type) as 0 | 1 }),
  emailTemplateCreateSchema,
);

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

/**
 * Subject or body: the form's message, else what the preview refused (an unknown variable, shown while
 * typing, before any save).
 */
function DraftField(props: {
  id: string;
  name: 'subject' | 'body';
  label: string;
  previewError?: string;
  rows?: number;
  help?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const { id, name, rows, help } = props;
  const { register, error } = useField(name);
  const message = error ?? props.previewError;
  const described = message ? `${id}-error` : help ? `${id}-help` : undefined;
  return (
    <Form.Group className="mb-3" controlId={id} data-field={name}>
      <Form.Label>
        {props.label}
        <RequiredMark />
      </Form.Label>
      <Form.Control
        {...(rows ? { as: 'textarea' as const, rows } : { type: 'text' })}
        {...register}
        ref={(el: HTMLTextAreaElement | null) => {
          register.ref(el);
          if (typeof props.inputRef === 'function') props.inputRef(el);
          else if (props.inputRef) props.inputRef.current = el;
        }}
        isInvalid={Boolean(message)}
        aria-required
        aria-describedby={described}
      />
      {help && (
        <Form.Text muted id={`${id}-help`}>
          {help}
        </Form.Text>
      )}
      <FieldError message={message} id={`${id}-error`} />
    </Form.Group>
  );
}

export function TemplateModal(props: { template: EmailTemplate | null; onClose(): void }) {
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
  const form = useZodForm(templateForm, { defaultValues: initial });
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const save = template ? update : create;

  const kind = form.watch('kind');
  const draft = useSettled({ kind, subject: form.watch('subject'), body: form.watch('body') });
  const preview = useTemplatePreview(draft);
  const fromPreview = fieldErrors(preview.error);

  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const insert = (name: string) => {
    const text = `{{${name}}}`;
    const el = bodyRef.current;
    const current = form.getValues('body');
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    form.setValue('body', current.slice(0, start) + text + current.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const variables = TEMPLATE_VARIABLES_BY_KIND[kind] ?? [];
  return (
    <FormModal
      form={form}
      size="xl"
      title={template ? `Edit email template ${template.name}` : 'New email template'}
      submitLabel={template ? 'Save changes' : 'Add template'}
      pending={save.isPending}
      error={save.error}
      onClose={props.onClose}
      onSubmit={(body) => {
        const done = { onSuccess: props.onClose };
        if (!template) return create.mutate(body, done);
        // An edit sends what changed (the type and kind stay).
        const change: EmailTemplateUpdate = {};
        for (const f of ['name', 'subject', 'body'] as const) if (body[f] !== initial[f]) change[f] = body[f];
        if (Object.keys(change).length) update.mutate({ id: template.id, change }, done);
        else props.onClose();
      }}
    >
      <Row className="g-4">
        <Col lg={7}>
          <TextField id="template-name" name="name" label="Name" required />
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
                <SelectField
                  id="template-type"
                  name="template_type"
                  label="Type"
                  options={[
                    { value: '0', label: TEMPLATE_TYPE_LABELS[0] },
                    { value: '1', label: TEMPLATE_TYPE_LABELS[1] },
                  ]}
                />
              </Col>
              <Col sm={6}>
                <SelectField
                  id="template-kind"
                  name="kind"
                  label="Kind"
                  options={TEMPLATE_KINDS.map((k) => ({ value: k, label: TEMPLATE_KIND_LABELS[k] }))}
                />
              </Col>
            </Row>
          )}
          {template?.in_use ? (
            <p className="small text-muted">
              {TEMPLATE_KIND_LABELS[template.kind]} notification emails are sent with this template.
            </p>
          ) : null}
          <DraftField
            id="template-subject"
            name="subject"
            label="Subject"
            previewError={fromPreview.subject?.[0]}
          />
          <DraftField
            id="template-body"
            name="body"
            label="Body"
            rows={9}
            help="Plain text; in the HTML part every value is escaped."
            previewError={fromPreview.body?.[0]}
            inputRef={bodyRef}
          />
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
                  <div className="text-break" style={{ whiteSpace: 'pre-wrap' }} data-testid="preview-body">
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
    </FormModal>
  );
}
