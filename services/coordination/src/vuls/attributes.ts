// The values a vulnerability carries for the catalogue's attributes (issue 14), checked against the current
// definitions: an unknown id, a value of the wrong kind (text ≤ 1000 characters, a finite number, one of
// the choices, a real yyyy-MM-dd date) or a required attribute left without a value is a 400 with the
// message under `attributes.<id>`. A change merges into what the vulnerability holds (null or '' clears).
import { asc } from 'drizzle-orm';
import {
  UNKNOWN_VUL_ATTRIBUTE,
  VUL_ATTRIBUTE_REQUIRED,
  normalizeVulAttributeValue,
  vulAttributeValueProblem,
  type VulAttributeValue,
  type VulAttributeValuesInput,
} from '@cvdp/core';
import { type Db, HttpError, type Tx } from '@cvdp/server-kit';
import { vulAttributes } from '../catalogue/tables.ts';

export type AttributeValues = Record<string, VulAttributeValue>;
type Definition = typeof vulAttributes.$inferSelect;

/** Keys in id order, so equal values compare (and are stored) equal. */
export function sortedValues(values: AttributeValues): AttributeValues {
  return Object.fromEntries(
    Object.entries(values).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b)),
  );
}

/** The definitions, read under a share lock so an attribute cannot be deleted or reshaped meanwhile. */
export async function attributeDefinitions(db: Db | Tx, lock = false): Promise<Definition[]> {
  const q = db.select().from(vulAttributes).orderBy(asc(vulAttributes.id));
  return lock ? q.for('share') : q;
}

/** Only the values of attributes that still exist. */
export function knownValues(values: AttributeValues, definitions: readonly Definition[]): AttributeValues {
  const ids = new Set(definitions.map((d) => String(d.id)));
  return Object.fromEntries(Object.entries(values).filter(([id]) => ids.has(id)));
}

/**
 * What the vulnerability holds after `input` is applied to `current` (null: a new vulnerability, whose
 * required attributes must all be given), or a 400 with every problem by `attributes.<id>`.
 */
export function applyAttributeValues(
  definitions: readonly Definition[],
  current: AttributeValues | null,
  input: VulAttributeValuesInput | undefined,
): AttributeValues {
  const byId = new Map(definitions.map((d) => [String(d.id), d]));
  const next: AttributeValues = knownValues(current ?? {}, definitions);
  const errors: Record<string, string[]> = {};
  for (const [id, raw] of Object.entries(input ?? {})) {
    const definition = byId.get(id);
    const field = `attributes.${id}`;
    if (!definition) {
      errors[field] = [UNKNOWN_VUL_ATTRIBUTE];
      continue;
    }
    const value = normalizeVulAttributeValue(raw);
    if (value === null) {
      if (definition.required) errors[field] = [VUL_ATTRIBUTE_REQUIRED];
      else delete next[id];
      continue;
    }
    const problem = vulAttributeValueProblem(definition, value);
    if (problem) errors[field] = [problem];
    else next[id] = value;
  }
  if (current === null) {
    for (const d of definitions) {
      const field = `attributes.${d.id}`;
      if (d.required && next[String(d.id)] === undefined && !errors[field])
        errors[field] = [VUL_ATTRIBUTE_REQUIRED];
    }
  }
  const fields = Object.keys(errors);
  if (fields.length) {
    const first = fields[0];
    const name = byId.get(first.slice('attributes.'.length))?.name;
    const message = name ? `${name}: ${errors[first][0]}` : `${first}: ${errors[first][0]}`;
    throw new HttpError(400, message, errors);
  }
  return sortedValues(next);
}
