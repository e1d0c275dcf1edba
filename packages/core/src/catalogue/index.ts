// The administration catalogue (issue 14): tags, vulnerability attributes and the admin audit list.
import { z } from 'zod';
import { idParam } from '../ids/index.ts';
import { isoDate } from '../cases/workspace.ts';
import type { UserRef } from '../cases/wire.ts';

// --- Tags ---------------------------------------------------------------------------------------------

/** What a tag can be put on: `manage/tags/case/`, `manage/tags/vul/`. */
export const TAG_KINDS = ['case', 'vul'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export const TAG_KIND_LABELS: Record<TagKind, string> = { case: 'Case', vul: 'Vulnerability' };

export const DUPLICATE_TAG = 'A tag with this name already exists for this kind.';

/** One tag of the catalogue (manage/tags/). */
export interface Tag {
  id: number;
  kind: TagKind;
  name: string;
  description: string;
  created: string;
}

export const tagKindParams = z.object({ kind: z.enum(TAG_KINDS, 'Not a tag kind.') });

export const tagCreateSchema = z
  .object({
    name: z
      .string('Enter a name.')
      .trim()
      .min(1, 'Enter a name.')
      .max(50, 'A tag name is at most 50 characters.'),
    description: z.string().trim().max(500, 'A description is at most 500 characters.').default(''),
    /** With a kind suffix in the path the suffix wins; without one, the body says (default case). */
    kind: z.enum(TAG_KINDS, 'Choose a tag kind: case or vul.').optional(),
  })
  .strict();
export type TagCreate = z.input<typeof tagCreateSchema>;

// --- Vulnerability attributes -------------------------------------------------------------------------

export const VUL_ATTRIBUTE_TYPES = ['text', 'number', 'choice', 'date'] as const;
export type VulAttributeType = (typeof VUL_ATTRIBUTE_TYPES)[number];

export const DUPLICATE_VUL_ATTRIBUTE = 'An attribute with this name already exists.';
export const CHOICES_REQUIRED = 'A choice attribute needs at least one choice.';
export const CHOICES_ONLY_FOR_CHOICE = 'Only a choice attribute has choices.';

/** A custom field a vulnerability can carry (manage/vul/attributes/). */
export interface VulAttribute {
  id: number;
  name: string;
  type: VulAttributeType;
  choices: string[];
  required: boolean;
  created: string;
}

export const vulAttributeCreateSchema = z
  .object({
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
      .max(100, 'At most 100 choices.')
      .default([]),
    required: z.boolean('required is true or false.').default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type === 'choice' && v.choices.length === 0)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: CHOICES_REQUIRED });
    if (v.type !== 'choice' && v.choices.length > 0)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: CHOICES_ONLY_FOR_CHOICE });
    if (new Set(v.choices.map((c) => c.toLowerCase())).size !== v.choices.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Each choice may appear once.' });
  });
export type VulAttributeCreate = z.input<typeof vulAttributeCreateSchema>;

// --- The admin audit list (manage/activity/) ----------------------------------------------------------

/** One change outside any case (catalogue, accounts, settings), with what it was before and after. */
export interface AuditEntry {
  id: number;
  actor: UserRef | null;
  verb: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  created: string;
}

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
export interface Connection {
  id: number;
  name: string;
  base_url: string;
  enabled: boolean;
  last_contact: string | null;
  created: string;
}

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
