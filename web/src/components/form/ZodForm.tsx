// The form element every form of the app uses (with useZodForm): it gives its fields the form (they find
// it by context), shows what the server refused under the field it names and anything else above the
// buttons, and, when asked, holds a navigation away from unsaved changes. Fields: TextField, SelectField,
// CheckField, YesNoField; the button: SubmitButton.
import { type ReactNode, useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { fieldErrors } from '../../lib/api-client.ts';
import { ErrorAlert } from '../ErrorAlert.tsx';
import { LeaveGuard } from '../LeaveGuard.tsx';

/** The server's field messages for the fields this form has; the rest is the form's own error. */
export function splitServerErrors(error: unknown, fields: readonly string[]) {
  const byField: Record<string, string> = {};
  let unexplained = Boolean(error);
  for (const [key, messages] of Object.entries(fieldErrors(error))) {
    // A list's item is named by its index ('choices.0'): it shows under the list.
    const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
    if (field && messages.length) {
      byField[field] ??= messages[0];
      unexplained = false;
    }
  }
  return { byField, unexplained };
}

export function ZodForm<V extends FieldValues, O>(props: {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (values: O) => unknown;
  /** The last failed request of this form (a mutation's error): field messages go under their fields. */
  error?: unknown;
  /** Names the form for assistive technology (a form without a visible heading of its own). */
  label?: string;
  /** Ask before leaving the page with unsaved changes; the question shown. */
  guardLeave?: string;
  className?: string;
  id?: string;
  children: ReactNode;
  /** The buttons, after the form's own error (a modal's footer: the error then stands in the body's padding). */
  footer?: ReactNode;
}) {
  const { form, onSubmit, error, label, guardLeave, className, id, children, footer } = props;
  const fields = Object.keys(form.getValues() ?? {});
  const { byField, unexplained } = splitServerErrors(error, fields);
  const serverKey = JSON.stringify(byField);
  useEffect(() => {
    for (const [name, message] of Object.entries(byField))
      form.setError(name as Path<V>, { type: 'server', message });
    // byField is rebuilt each render: its content is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey, form]);
  const dirty = Boolean(guardLeave) && form.formState.isDirty && !form.formState.isSubmitSuccessful;
  return (
    <FormProvider {...form}>
      <Form
        noValidate
        id={id}
        className={className}
        aria-label={label}
        onSubmit={(e) => void form.handleSubmit((values) => onSubmit(values))(e)}
      >
        {children}
        {unexplained &&
          (footer ? (
            <div className="px-3">
              <ErrorAlert error={error} />
            </div>
          ) : (
            <ErrorAlert error={error} />
          ))}
        {footer}
      </Form>
      {guardLeave && (
        <LeaveGuard
          active={dirty}
          shouldBlock={({ currentLocation, nextLocation }) =>
            dirty && currentLocation.pathname !== nextLocation.pathname
          }
          message={guardLeave}
        />
      )}
    </FormProvider>
  );
}
