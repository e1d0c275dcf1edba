// The administration catalogue (issue 14): tags, vulnerability attributes and the admin audit list.
import { z } from 'zod';
import { idParam } from '../ids/index.ts';
import { isoDate } from '../cases/workspace.ts';

/** Who made a change: id and name (UserRef of the case wire shapes). */
const actorRefSchema = z.object({ id: z.number().int(), name: z.string() });

// --- Tags ---------------------------------------------------------------------------------------------

/** What a tag can be put on: `manage/tags/case/`, `manage/tags/vul/`. */
export const TAG_KINDS = ['case', 'vul'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export const TAG_KIND_LABELS: Record<TagKind, string> = { case: 'Case', vul: 'Vulnerability' };

export const DUPLICATE_TAG = 'A tag with this name already exists for this kind.';

/** One tag of the catalogue (manage/tags/). */
export const tagSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TAG_KINDS),
  name: z.string(),
  description: z.string(),
  created: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagKindParams = z.object({ kind: z.enum(TAG_KINDS, 'Not a tag kind.') });

const tagName = z
  .string('Enter a name.')
  .trim()
  .min(1, 'Enter a name.')
  .max(50, 'A tag name is at most 50 characters.');
const tagDescription = z.string().trim().max(500, 'A description is at most 500 characters.');

export const tagCreateSchema = z
  .object({
    name: tagName,
    description: tagDescription.default(''),
    /** With a kind suffix in the path the suffix wins; without one, the body says (default case). */
    kind: z.enum(TAG_KINDS, 'Choose a tag kind: case or vul.').optional(),
  })
  .strict();
export type TagCreate = z.input<typeof tagCreateSchema>;

/** PATCH manage/tag/{id}/: name and description (the kind stays). A new name is renamed where used. */
export const tagUpdateSchema = z
  .object({ name: tagName.optional(), description: tagDescription.optional() })
  .strict();
export type TagUpdate = z.input<typeof tagUpdateSchema>;

/** A tag in use cannot be deleted (409): the count of cases or vulnerabilities carrying it. */
export const tagInUse = (kind: TagKind, n: number) =>
  kind === 'case'
    ? `This tag is used by ${n} case${n === 1 ? '' : 's'} and cannot be deleted.`
    : `This tag is used by ${n} vulnerabilit${n === 1 ? 'y' : 'ies'} and cannot be deleted.`;

// --- Resolution options (manage/case/options/resolutions/) -------------------------------------------

const resolutionName = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(100, 'name must be at most 100 characters.');
const resolutionDescription = z.string().trim().max(1000, 'description must be at most 1000 characters.');

export const resolutionCreateSchema = z
  .object({ name: resolutionName, description: resolutionDescription.default('') })
  .strict();
export type ResolutionCreate = z.input<typeof resolutionCreateSchema>;
/** PATCH manage/case/options/resolution/{id}/: either field (cases hold it by id, so a rename shows there). */
export const resolutionUpdateSchema = z
  .object({ name: resolutionName.optional(), description: resolutionDescription.optional() })
  .strict();

// --- Vulnerability attributes -------------------------------------------------------------------------

export const VUL_ATTRIBUTE_TYPES = ['text', 'number', 'choice', 'date'] as const;
export type VulAttributeType = (typeof VUL_ATTRIBUTE_TYPES)[number];

export const DUPLICATE_VUL_ATTRIBUTE = 'An attribute with this name already exists.';
export const CHOICES_REQUIRED = 'A choice attribute needs at least one choice.';
export const CHOICES_ONLY_FOR_CHOICE = 'Only a choice attribute has choices.';

/** A custom field a vulnerability can carry (manage/vul/attributes/). */
export const vulAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(VUL_ATTRIBUTE_TYPES),
  choices: z.array(z.string()),
  required: z.boolean(),
  created: z.string(),
});
export type VulAttribute = z.infer<typeof vulAttributeSchema>;

const vulAttributeFields = {
  name: z
    .string('Enter a name.')
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'An attribute name is at most 100 characters.'),
  type: z.enum(VUL_ATTRIBUTE_TYPES, 'Choose a type: text, number, choice or date.'),
  choices: z
    .array(
      z.string().trim().min(1, 'A choice cannot be empty.').max(100, 'A choice is at most 100 characters.'),
    )
    .max(100, 'At most 100 choices.'),
  required: z.boolean('required is true or false.'),
};

/** What is wrong with an attribute's choices for its type (none: []); create and edit check the same. */
export function vulAttributeChoiceProblems(v: { type: VulAttributeType; choices: string[] }): string[] {
  const problems: string[] = [];
  if (v.type === 'choice' && v.choices.length === 0) problems.push(CHOICES_REQUIRED);
  if (v.type !== 'choice' && v.choices.length > 0) problems.push(CHOICES_ONLY_FOR_CHOICE);
  if (new Set(v.choices.map((c) => c.toLowerCase())).size !== v.choices.length)
    problems.push('Each choice may appear once.');
  return problems;
}

export const vulAttributeCreateSchema = z
  .object({
    ...vulAttributeFields,
    choices: vulAttributeFields.choices.default([]),
    required: vulAttributeFields.required.default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    for (const message of vulAttributeChoiceProblems(v))
      ctx.addIssue({ code: 'custom', path: ['choices'], message });
  });
export type VulAttributeCreate = z.input<typeof vulAttributeCreateSchema>;

/**
 * PATCH manage/vul/attributes/{id}/: any of the fields; the result is checked whole (a choice attribute
 * keeps at least one choice; changing the type away from choice without choices clears them).
 */
export const vulAttributeUpdateSchema = z.object(vulAttributeFields).partial().strict();
export type VulAttributeUpdate = z.input<typeof vulAttributeUpdateSchema>;

// --- Values a vulnerability carries for the attributes (POST/PATCH of a vulnerability) ------------------

export const VUL_ATTRIBUTE_TEXT_MAX = 1000;
export const VUL_ATTRIBUTE_VALUES_MAX = 100;
export const UNKNOWN_VUL_ATTRIBUTE = 'No vulnerability attribute with this id.';
export const VUL_ATTRIBUTE_REQUIRED = 'This attribute is required.';
export const VUL_ATTRIBUTE_NOT_TEXT = `Enter text of at most ${VUL_ATTRIBUTE_TEXT_MAX} characters.`;
export const VUL_ATTRIBUTE_NOT_NUMBER = 'Enter a number.';
export const VUL_ATTRIBUTE_NOT_CHOICE = 'Choose one of the choices.';
export const VUL_ATTRIBUTE_NOT_DATE = 'Enter a real date as yyyy-MM-dd.';

/** What a vulnerability holds for one attribute: text, a choice and a date (yyyy-MM-dd) as strings. */
export type VulAttributeValue = string | number;

/**
 * `attributes` of a vulnerability's POST/PATCH: attribute id → value. The values' shapes are checked here;
 * whether each id exists and its value fits the attribute's type is checked by the server against the
 * current definitions. null (or '') clears a value (PATCH merges: ids not sent keep theirs).
 */
export const vulAttributeValuesSchema = z
  .record(
    z.string().max(20, 'An attribute is named by its id.'),
    z.union([z.string(), z.number(), z.null()], 'An attribute value is text, a number or null.'),
    'attributes maps attribute ids to values.',
  )
  .refine(
    (v) => Object.keys(v).length <= VUL_ATTRIBUTE_VALUES_MAX,
    `At most ${VUL_ATTRIBUTE_VALUES_MAX} attribute values.`,
  );
export type VulAttributeValuesInput = z.input<typeof vulAttributeValuesSchema>;

/** A value as it is stored: text trimmed; '' and null mean "no value" (null). */
export function normalizeVulAttributeValue(value: string | number | null): VulAttributeValue | null {
  if (value === null) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  return value;
}

/** Why a (normalized, non-null) value does not fit the attribute, or null when it does. */
export function vulAttributeValueProblem(
  attribute: { type: string; choices: readonly string[] },
  value: unknown,
): string | null {
  switch (attribute.type) {
    case 'text':
      return typeof value === 'string' && value.length <= VUL_ATTRIBUTE_TEXT_MAX
        ? null
        : VUL_ATTRIBUTE_NOT_TEXT;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : VUL_ATTRIBUTE_NOT_NUMBER;
    case 'choice':
      return typeof value === 'string' && attribute.choices.includes(value) ? null : VUL_ATTRIBUTE_NOT_CHOICE;
    case 'date':
      return typeof value === 'string' && isoDate.safeParse(value).success ? null : VUL_ATTRIBUTE_NOT_DATE;
    default:
      return 'This attribute has an unknown type.';
  }
}

/** DELETE of an attribute some vulnerability holds a value for (409). */
export const vulAttributeInUse = (n: number) =>
  `This attribute has a value on ${n} vulnerabilit${n === 1 ? 'y' : 'ies'} and cannot be deleted; clear those values first.`;

/** PATCH of an attribute's type or choices that stored values would no longer fit (409). */
export const vulAttributeChangeInvalidates = (n: number) =>
  `This change is refused: ${n} vulnerabilit${n === 1 ? 'y holds a value' : 'ies hold values'} that would no longer be valid for the new type or choices. Change or clear those values first.`;

// --- The admin audit list (manage/activity/) ----------------------------------------------------------

/** One change outside any case (catalogue, accounts, settings), with what it was before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: actorRefSchema.nullable(),
  verb: z.string(),
  object_type: z.string(),
  object_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  object_type: z
    .string()
    .trim()
    .max(100, 'object_type is at most 100 characters.')
    .regex(/^[a-z0-9_]*$/, 'object_type is lower-case letters, digits and underscores.')
    .optional(),
  actor: idParam.optional(),
  /** Inclusive UTC dates, yyyy-MM-dd. */
  since: isoDate.optional(),
  until: isoDate.optional(),
});

// --- Connections to other CVDP instances (manage/connections/) ----------------------------------------

export const DUPLICATE_CONNECTION = 'A connection with this name already exists.';
export const DUPLICATE_INCOMING_TOKEN = 'Another connection already uses this incoming token.';

/** A connection as answered: its tokens are never returned. */
export const connectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  base_url: z.string(),
  enabled: z.boolean(),
  last_contact: z.string().nullable(),
  created: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

const connectionToken = (field: string) =>
  z
    .string(`Enter ${field}.`)
    .min(20, `${field} is at least 20 characters.`)
    .max(512, `${field} is at most 512 characters.`)
    .regex(/^[\x21-\x7e]+$/, `${field} is printable ASCII without spaces.`);

const connectionFields = {
  name: z
    .string('Enter a name.')
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'A name is at most 100 characters.'),
  base_url: z
    .url({ protocol: /^https?$/, error: 'Enter an http(s) URL.' })
    .max(500, 'A URL is at most 500 characters.'),
  /** The token we present to them (write-only). */
  token: connectionToken('token'),
  /** The token they present to us (write-only, stored hashed). */
  incoming_token: connectionToken('incoming_token'),
  enabled: z.boolean('enabled is true or false.'),
};

export const connectionCreateSchema = z
  .object({ ...connectionFields, enabled: connectionFields.enabled.default(true) })
  .strict();
export const connectionUpdateSchema = z.object(connectionFields).partial().strict();
export type ConnectionCreate = z.input<typeof connectionCreateSchema>;

export const connectionListQuery = z.object({
  all: z.enum(['0', '1', 'true', 'false'], 'all is 1 or 0.').optional(),
});
