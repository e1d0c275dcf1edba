// The people picker as a field of a ZodForm: the contacts picked are the field's value (a list), its
// message shows under it.
import { Form } from 'react-bootstrap';
import type { Contact } from '@cvdp/core';
import { FieldError } from '../../../components/form/index.ts';
import { useField } from '../../../components/form/field-state.ts';
import { ContactTypeahead } from './ContactTypeahead.tsx';

export function ContactField(props: {
  id: string;
  name: string;
  label: string;
  multiple?: boolean;
  kind?: Contact['kind'];
  placeholder?: string;
}) {
  const { id, name, label, multiple, kind, placeholder } = props;
  const { form, error } = useField(name);
  const selected = (form.watch(name) ?? []) as Contact[];
  return (
    <>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <ContactTypeahead
        id={id}
        multiple={multiple}
        kind={kind}
        placeholder={placeholder}
        selected={selected}
        onChange={(picked) => form.setValue(name, picked, { shouldDirty: true, shouldValidate: false })}
      />
      <FieldError message={error} id={`${id}-error`} />
    </>
  );
}
