// The report form, new and edit (SPEC §2–§5): validated in the browser with the shared schema, every
// invalid field showing its message and the view scrolling to the first one. Submit is disabled while a
// submit is under way; a failure shows 'An error occurred: …' on the form and scrolls to it. Leaving a
// changed form (Cancel, a link, closing the tab) asks first; Submit does not.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BlockerFunction } from 'react-router';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { FormProvider, type FieldPath } from 'react-hook-form';
import type { ReportFormInput, ReportFormOutput } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../../lib/api-client.ts';
import { LeaveGuard } from '../../../components/LeaveGuard.tsx';
import { useZodForm } from '../../../components/form/index.ts';
import { fieldMessage, scrollToFirstError } from '../form-errors.ts';
import { reportFieldsSchema } from '../form-schema.ts';
import { DisclosureSection } from './DisclosureSection.tsx';
import { ReportIntro } from './ReportIntro.tsx';
import { ReportSection } from './ReportSection.tsx';
import { VulnerabilitiesSection } from './VulnerabilitiesSection.tsx';

export interface ReportFormProps {
  mode: 'new' | 'edit';
  defaultValues: ReportFormInput;
  /** Edit mode: the file the report already names. */
  currentPocName?: string | null;
  /** Sends the report; resolves once the page has moved on, rejects with the request's error. */
  onSubmit(values: ReportFormOutput, poc: File | null): Promise<void>;
  onCancel(): void;
}

const FORM_FIELDS = new Set([
  'title',
  'product',
  'notified',
  'vendor_contact',
  'disclosure_plans',
  'disclosure_details',
  'cve_assignment',
  'vulnerabilities',
]);

export function ReportForm({ mode, defaultValues, currentPocName, onSubmit, onCancel }: ReportFormProps) {
  // Its own <form> rather than ZodForm: the error goes under the intro (not above the buttons), an invalid
  // submit scrolls to the first message, and the leave guard counts a chosen file and a submit under way.
  // The sections find the form by context and use the same fields as every ZodForm.
  const methods = useZodForm(reportFieldsSchema, {
    defaultValues,
    // We scroll to the first invalid field in page order ourselves (a CWE picker or radio group has no single input).
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [poc, setPoc] = useState<File | null>(null);
  const [pocError, setPocError] = useState<string>();
  const [submitError, setSubmitError] = useState<unknown>(null);

  // RHF publishes the errors after calling onInvalid, so the messages appear in some later render: keep the
  // request until a render has put a message on screen, then scroll to the first one in page order.
  const pendingScroll = useRef(false);
  const [, setScrollRequest] = useState(0);
  useEffect(() => {
    if (pendingScroll.current && formRef.current?.querySelector('.is-invalid, [data-field-error]')) {
      pendingScroll.current = false;
      scrollToFirstError(formRef.current);
    }
  });
  // Reading the errors subscribes this component to them, so it re-renders when they arrive.
  void methods.formState.errors;

  // Unsaved work: anything changed, or a file chosen. A submit under way leaves without asking.
  const dirty = methods.formState.isDirty || poc !== null;
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !busy.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const scrollToErrors = () => {
    pendingScroll.current = true;
    setScrollRequest((n) => n + 1);
  };

  /** Server field messages go under their fields, like the browser's own. */
  const showServerErrors = (error: unknown) => {
    for (const [key, messages] of Object.entries(fieldErrors(error))) {
      if (key === 'poc') setPocError(messages[0]);
      else if (FORM_FIELDS.has(key.split('.')[0])) {
        methods.setError(key as FieldPath<ReportFormInput>, {
          type: 'server',
          message: fieldMessage(messages[0]),
        });
      }
    }
  };

  const send = async (values: ReportFormOutput) => {
    // A second click before React re-renders the disabled button must not send again.
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setSubmitError(null);
    setPocError(undefined);
    try {
      await onSubmit(values, poc);
    } catch (error) {
      busy.current = false;
      setSubmitting(false);
      setSubmitError(error);
      showServerErrors(error);
      setTimeout(() => formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }), 0);
    }
  };

  return (
    <FormProvider {...methods}>
      <Form
        ref={formRef}
        noValidate
        onSubmit={methods.handleSubmit(send, scrollToErrors)}
        aria-label="Report form"
      >
        <ReportIntro mode={mode} />
        {submitError !== null && (
          <Alert variant="danger" role="alert">
            An error occurred: {errorMessage(submitError)}
          </Alert>
        )}
        <ReportSection onPocChange={setPoc} currentPocName={currentPocName} pocError={pocError} />
        <VulnerabilitiesSection />
        <DisclosureSection />
        <div className="d-flex gap-2 justify-content-end border-top pt-3 mb-5">
          <Button variant="outline-secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={submitting}>
            {submitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            Submit
          </Button>
        </div>
      </Form>
      <LeaveGuard
        shouldBlock={shouldBlock}
        active={dirty && !submitting}
        message={
          mode === 'new'
            ? 'Your report has not been submitted. If you leave now, what you entered is lost.'
            : 'Your changes to the report have not been saved. If you leave now, they are lost.'
        }
      />
    </FormProvider>
  );
}
