// What the vulnerability form holds and how it becomes what is sent: its values (references one URL a line,
// tags separated by commas, attribute values as the inputs hold them), the check before sending (core's
// vulCreateSchema on the mapped body, and the catalogue's rules for each attribute) and where the server's
// field messages go (an attribute's "attributes.<id>" under that attribute's field).
import { z } from 'zod';
import { vulCreateSchema, type VulAttribute, type VulCreateInput, type Vulnerability } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { schemaFieldErrors, serverFieldErrors } from '../form-errors.ts';
import {
  type AttributeFormValues,
  attributeFormValues,
  attributeKey,
  attributeProblems,
  toAttributeInput,
} from './VulAttributeFields.tsx';

export interface VulFormValues {
  title: string;
  description: string;
  cwes: string[];
  cve: string;
  references: string;
  tags: string;
  /** Custom attribute values by `a<id>`, as the inputs hold them. */
  attributes: AttributeFormValues;
}

const FIELDS = ['title', 'description', 'cwes', 'cve', 'references', 'tags'] as const;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const toInput = (v: VulFormValues, definitions: readonly VulAttribute[]): VulCreateInput => ({
  title: v.title,
  description: v.description,
  cwes: v.cwes,
  cve: v.cve.trim() || null,
  references: lines(v.references),
  tags: v.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  // Without attributes in the catalogue nothing is sent for them.
  ...(definitions.length ? { attributes: toAttributeInput(definitions, v.attributes) } : {}),
});

export const vulFormValues = (vul?: Vulnerability): VulFormValues => ({
  title: vul?.title ?? '',
  description: vul?.description ?? '',
  cwes: vul?.cwes ?? [],
  cve: vul?.cve ?? '',
  references: vul?.references.join('\n') ?? '',
  tags: vul?.tags.join(', ') ?? '',
  attributes: attributeFormValues(vul?.attributes),
});

/**
 * The form's check: the values mapped to the body and checked by the rules the server applies. Editing shows
 * every field too, so the create rules check both (a PATCH accepts any of them). What the schema made of the
 * body (trimmed, the CVE id upper-case) is what is sent. A message names its line of the references.
 */
export const vulFormSchema = (definitions: readonly VulAttribute[]) =>
  z.custom<VulFormValues>().transform((values, ctx) => {
    const input = toInput(values, definitions);
    const parsed = vulCreateSchema.safeParse(input);
    const problems = Object.entries(attributeProblems(definitions, input.attributes ?? {}));
    for (const [key, message] of problems)
      ctx.addIssue({ code: 'custom', message, path: ['attributes', key] });
    if (parsed.success) return problems.length === 0 ? parsed.data : z.NEVER;
    const byField = schemaFieldErrors(parsed.error);
    const shown = FIELDS.filter((field) => byField[field]);
    for (const field of shown) ctx.addIssue({ code: 'custom', message: byField[field], path: [field] });
    // Only the attribute rules above have a field each: anything else about them still stops the form.
    if (shown.length === 0 && problems.length === 0)
      ctx.addIssue({ code: 'custom', message: Object.values(byField)[0] ?? '', path: ['attributes'] });
    return z.NEVER;
  });

/**
 * The server's refusal: its messages by the form's field names (an attribute's under `attributes.a<id>`,
 * for the attributes the form shows), and whether it named none of them (then it is shown above the buttons).
 */
export function vulFormServerErrors(error: unknown, definitions: readonly VulAttribute[]) {
  const byField: Record<string, string> = {};
  const fields = serverFieldErrors(error);
  for (const field of FIELDS) if (fields[field]) byField[field] = fields[field];
  for (const [path, messages] of Object.entries(fieldErrors(error))) {
    const id = /^attributes\.(\d+)$/.exec(path)?.[1];
    if (id && messages[0] && definitions.some((d) => String(d.id) === id))
      byField[`attributes.${attributeKey(id)}`] = messages[0];
  }
  return { byField, unexplained: Boolean(error) && Object.keys(byField).length === 0 };
}
