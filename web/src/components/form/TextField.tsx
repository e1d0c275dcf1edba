// One labelled text input or text area of a ZodForm.
import { Form } from 'react-bootstrap';
import { FieldError } from './FieldError.tsx';
import { RequiredMark } from './RequiredMark.tsx';
import { useField } from './field-state.ts';

export function TextField(props: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean | number;
  type?: 'text' | 'password' | 'email' | 'url' | 'number' | 'date' | 'search';
  autoComplete?: string;
  /** The keyboard a phone shows ('numeric' for an id typed as text). */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'url' | 'email';
  placeholder?: string;
  /** The browser stops typing at this length (the schema says so on a paste past it). */
  maxLength?: number;
  /** false for codes (vectors, CPE names) a spelling checker would mark. */
  spellCheck?: boolean;
  /** A number field's step: 'any' lets a decimal be typed without the browser marking it invalid. */
  step?: number | 'any';
  help?: string;
  /** The label is read by screen readers only (a field whose purpose the layout shows). */
  hideLabel?: boolean;
  className?: string;
}) {
  const {
    id,
    name,
    label,
    required,
    multiline,
    type,
    autoComplete,
    inputMode,
    placeholder,
    help,
    hideLabel,
  } = props;
  const { register, error } = useField(name);
  const described = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id} data-field={name}>
      <Form.Label className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        {...(multiline
          ? { as: 'textarea' as const, rows: typeof multiline === 'number' ? multiline : 4 }
          : { type: type ?? 'text' })}
        {...register}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={props.maxLength}
        spellCheck={props.spellCheck}
        step={props.step}
        isInvalid={Boolean(error)}
        aria-required={required || undefined}
        aria-describedby={described}
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
