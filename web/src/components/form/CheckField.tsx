// One checkbox (or switch) of a ZodForm.
import { Form } from 'react-bootstrap';
import { FieldError } from './FieldError.tsx';
import { useField } from './field-state.ts';

export function CheckField(props: {
  id: string;
  name: string;
  label: string;
  type?: 'checkbox' | 'switch';
  help?: string;
  className?: string;
}) {
  const { id, name, label, type, help } = props;
  const { register, error } = useField(name);
  return (
    <Form.Group className={props.className ?? 'mb-3'} data-field={name}>
      <Form.Check
        {...register}
        id={id}
        type={type ?? 'checkbox'}
        label={label}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : help ? `${id}-help` : undefined}
      />
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      <FieldError message={error} id={`${id}-error`} />
    </Form.Group>
  );
}
