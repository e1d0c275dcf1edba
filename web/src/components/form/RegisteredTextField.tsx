// The older field (a registration passed in): being replaced by TextField in a ZodForm (issue 23).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import { FieldError } from './FieldError.tsx';
import { RequiredMark } from './RequiredMark.tsx';

export function RegisteredTextField(props: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  help?: string;
}) {
  const { id, label, registration, error, required, multiline, help } = props;
  return (
    <Form.Group className="mb-3" controlId={id} data-field={registration.name}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        {...(multiline ? { as: 'textarea' as const, rows: 4 } : { type: 'text' })}
        {...registration}
        isInvalid={Boolean(error)}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {help && <Form.Text muted>{help}</Form.Text>}
      <FieldError message={error} id={`${id}-error`} />
    </Form.Group>
  );
}
