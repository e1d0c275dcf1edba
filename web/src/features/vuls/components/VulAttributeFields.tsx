// The catalogue's custom attributes in the vulnerability form: one field per attribute (text, number,
// a select of the choices, a date), the required ones marked. The form keeps every value as the input's
// text under `a<id>` (a bare numeric key would read as an array index); toAttributeInput turns them into
// what is sent, and attributeProblems checks them as the server will.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Form } from 'react-bootstrap';
import {
  VUL_ATTRIBUTE_NOT_NUMBER,
  VUL_ATTRIBUTE_REQUIRED,
  normalizeVulAttributeValue,
  vulAttributeValueProblem,
  type VulAttribute,
  type VulAttributeValue,
} from '@cvdp/core';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { RequiredMark } from '../../../components/form/RequiredMark.tsx';

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

export function VulAttributeFields({
  formId,
  definitions,
  registerAttribute,
  errors,
}: {
  formId: string;
  definitions: readonly VulAttribute[];
  /** The form's registration of `attributes.<key>`. */
  registerAttribute: (key: string) => UseFormRegisterReturn;
  /** Messages by key (`a<id>`). */
  errors: Record<string, string | undefined>;
}) {
  if (definitions.length === 0) return null;
  return (
    <fieldset className="mb-1">
      <legend className="h6">Attributes</legend>
      {definitions.map((d) => {
        const key = attributeKey(d.id);
        const id = `${formId}-attribute-${d.id}`;
        const error = errors[key];
        const registration = registerAttribute(key);
        const common = {
          ...registration,
          isInvalid: Boolean(error),
          'aria-required': d.required || undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        return (
          <Form.Group key={d.id} className="mb-3" controlId={id} data-field={`attributes.${d.id}`}>
            <Form.Label>
              {d.name}
              {d.required && <RequiredMark />}
            </Form.Label>
            {d.type === 'choice' ? (
              <Form.Select {...common}>
                <option value="">{d.required ? 'Choose…' : 'None'}</option>
                {d.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Form.Select>
            ) : (
              <Form.Control
                {...common}
                type={d.type === 'number' ? 'number' : d.type === 'date' ? 'date' : 'text'}
                {...(d.type === 'number' ? { step: 'any', inputMode: 'decimal' as const } : {})}
                {...(d.type === 'text' ? { maxLength: 1000 } : {})}
              />
            )}
            <FieldError message={error} id={`${id}-error`} />
          </Form.Group>
        );
      })}
    </fieldset>
  );
}
