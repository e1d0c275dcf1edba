// The older Yes/No field (a registration passed in): being replaced by YesNoField in a ZodForm (issue 23).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import { YES_NO } from '@cvdp/core';
import { FieldError } from './FieldError.tsx';
import { RequiredMark } from './RequiredMark.tsx';

export function RegisteredYesNoField(props: {
  id: string;
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
}) {
  const { id, legend, registration, error, required } = props;
  return (
    <fieldset
      className="mb-3"
      data-field={registration.name}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="form-label fs-6 mb-1">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {YES_NO.map((answer) => (
        <Form.Check
          key={answer}
          inline
          type="radio"
          id={`${id}-${answer.toLowerCase()}`}
          label={answer}
          value={answer}
          isInvalid={Boolean(error)}
          {...registration}
        />
      ))}
      <FieldError message={error} id={`${id}-error`} />
    </fieldset>
  );
}
