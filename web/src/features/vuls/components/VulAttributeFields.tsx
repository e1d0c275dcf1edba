// The catalogue's custom attributes in the vulnerability form: one field per attribute (text, number,
// a select of the choices, a date), the required ones marked. The form keeps every value as the input's
// text under `a<id>` (a bare numeric key would read as an array index); toAttributeInput turns them into
// what is sent, and attributeProblems checks them as the server will.
import {
  VUL_ATTRIBUTE_NOT_NUMBER,
  VUL_ATTRIBUTE_REQUIRED,
  normalizeVulAttributeValue,
  vulAttributeValueProblem,
  type VulAttribute,
  type VulAttributeValue,
} from '@cvdp/core';
import { SelectField, TextField } from '../../../components/form/index.ts';

/** The form's attribute values: `a<id>` → the input's text. */
export type AttributeFormValues = Record<string, string>;

export const attributeKey = (id: number | string) => `a${id}`;

/** A vulnerability's values as the inputs show them. */
export const attributeFormValues = (
  values: Record<string, VulAttributeValue> | undefined,
): AttributeFormValues =>
  Object.fromEntries(Object.entries(values ?? {}).map(([id, v]) => [attributeKey(id), String(v)]));

/** What is sent: attribute id → value, null for an empty field (which clears it). */
export function toAttributeInput(
  definitions: readonly VulAttribute[],
  values: AttributeFormValues,
): Record<string, string | number | null> {
  return Object.fromEntries(
    definitions.map((d) => {
      const text = (values[attributeKey(d.id)] ?? '').trim();
      if (text === '') return [String(d.id), null];
      return [String(d.id), d.type === 'number' ? Number(text) : text];
    }),
  );
}

/** Messages by form key (`a<id>`) for values the server would refuse. */
export function attributeProblems(
  definitions: readonly VulAttribute[],
  input: Record<string, string | number | null>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of definitions) {
    const value = normalizeVulAttributeValue(input[String(d.id)] ?? null);
    if (value === null) {
      if (d.required) out[attributeKey(d.id)] = VUL_ATTRIBUTE_REQUIRED;
      continue;
    }
    const problem =
      d.type === 'number' && typeof value === 'number' && !Number.isFinite(value)
        ? VUL_ATTRIBUTE_NOT_NUMBER
        : vulAttributeValueProblem(d, value);
    if (problem) out[attributeKey(d.id)] = problem;
  }
  return out;
}

/** The fields of a VulFormModal (they find the form by context), named `attributes.a<id>`. */
export function VulAttributeFields({
  formId,
  definitions,
}: {
  formId: string;
  definitions: readonly VulAttribute[];
}) {
  if (definitions.length === 0) return null;
  return (
    <fieldset className="mb-1">
      <legend className="h6">Attributes</legend>
      {definitions.map((d) => (
        <AttributeField key={d.id} formId={formId} definition={d} />
      ))}
    </fieldset>
  );
}

function AttributeField({ formId, definition: d }: { formId: string; definition: VulAttribute }) {
  const common = {
    id: `${formId}-attribute-${d.id}`,
    name: `attributes.${attributeKey(d.id)}`,
    label: d.name,
    required: d.required,
  };
  if (d.type === 'choice')
    return (
      <SelectField
        {...common}
        placeholder={d.required ? 'Choose…' : 'None'}
        options={d.choices.map((c) => ({ value: c, label: c }))}
      />
    );
  if (d.type === 'number') return <TextField {...common} type="number" step="any" inputMode="decimal" />;
  if (d.type === 'date') return <TextField {...common} type="date" />;
  return <TextField {...common} maxLength={1000} />;
}
