// A list of checkboxes holding the checked values of one field (an array even when there is one box): a
// user's roles and groups, a webhook's events.
import { Form } from 'react-bootstrap';
import { FieldError } from './FieldError.tsx';
import { useField } from './field-state.ts';

export function CheckList<T extends string | number>(props: {
  name: string;
  legend: string;
  options: readonly { value: T; id: string; label: string }[];
  empty?: string;
}) {
  const { form, error } = useField(props.name);
  const checked = (form.watch(props.name) as T[] | undefined) ?? [];
  const toggle = (value: T) =>
    form.setValue(
      props.name,
      checked.includes(value) ? checked.filter((x) => x !== value) : [...checked, value],
      { shouldDirty: true },
    );
  return (
    <fieldset className="mb-3" data-field={props.name}>
      <legend className="h6">{props.legend}</legend>
      {props.options.length === 0 && props.empty && <p className="text-muted small">{props.empty}</p>}
      {props.options.map((o) => (
        <Form.Check
          key={o.id}
          id={o.id}
          label={o.label}
          checked={checked.includes(o.value)}
          onChange={() => toggle(o.value)}
        />
      ))}
      <FieldError message={error} />
    </fieldset>
  );
}
