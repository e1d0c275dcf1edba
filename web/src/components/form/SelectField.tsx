// One labelled select of a ZodForm.
import { Form } from 'react-bootstrap';
import { FieldError } from './FieldError.tsx';
import { RequiredMark } from './RequiredMark.tsx';
import { useField } from './field-state.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField(props: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose…"); none when every value is a real choice. */
  placeholder?: string;
  required?: boolean;
  help?: string;
  hideLabel?: boolean;
  className?: string;
}) {
  const { id, name, label, options, placeholder, required, help, hideLabel } = props;
  const { register, error } = useField(name);
  const described = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id} data-field={name}>
      <Form.Label className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Select
        {...register}
        isInvalid={Boolean(error)}
        aria-required={required || undefined}
        aria-describedby={described}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      <FieldError message={error} id={`${id}-error`} />
    </Form.Group>
  );
}
