// Tags as they are used (issue 24): cases and vulnerabilities carry tags by name (text[] columns), so a tag
// exists where a catalogue row names it or where something carries it. These calls name a tag by kind and
// name — matched without case — so a tag that is only in use (no catalogue row) can be renamed, merged and
// removed like one of the catalogue.
import { z } from 'zod';
import { TAG_KINDS, type TagKind } from './index.ts';

/** One tag of a kind, as the catalogue and the carriers know it (GET manage/tags/usage/). */
export const tagUsageSchema = z.object({
  kind: z.enum(TAG_KINDS),
  /** The catalogue row's spelling; for a tag only in use, the spelling most carriers use. */
  name: z.string(),
  /** The catalogue row (manage/tag/{id}/), null when the tag is only carried. */
  catalogue_id: z.number().int().nullable(),
  description: z.string(),
  /** How many cases (kind case) or vulnerabilities (kind vul) carry it. */
  used_by: z.number().int(),
});
export type TagUsage = z.infer<typeof tagUsageSchema>;

const tagKind = z.enum(TAG_KINDS, 'Choose a tag kind: case or vul.');
/** A tag being named: as long as a carried one may be (older or transferred data included). */
const existingName = z
  .string('Name the tag.')
  .trim()
  .min(1, 'Name the tag.')
  .max(200, 'A tag is named in at most 200 characters.');
const newName = z
  .string('Enter a name.')
  .trim()
  .min(1, 'Enter a name.')
  .max(50, 'A tag name is at most 50 characters.');

/**
 * POST manage/tags/usage/rename/: the tag's new name everywhere (a change of case only is a rename too);
 * a description given is kept in the catalogue (a tag only in use gets its row).
 */
export const tagRenameSchema = z
  .object({
    kind: tagKind,
    name: existingName,
    new_name: newName,
    description: z.string().trim().max(500, 'A description is at most 500 characters.').optional(),
  })
  .strict();
export type TagRename = z.input<typeof tagRenameSchema>;

export const MERGE_INTO_ITSELF = 'Choose another tag to merge into.';

/** POST manage/tags/usage/merge/: every carrier of source carries target (once); source is gone. */
export const tagMergeSchema = z
  .object({ kind: tagKind, source: existingName, target: existingName })
  .strict()
  .refine((m) => m.source.toLowerCase() !== m.target.toLowerCase(), {
    path: ['target'],
    message: MERGE_INTO_ITSELF,
  });
export type TagMerge = z.input<typeof tagMergeSchema>;

/** POST manage/tags/usage/remove/: the tag off every case or vulnerability, and out of the catalogue. */
export const tagRemoveSchema = z.object({ kind: tagKind, name: existingName }).strict();
export type TagRemove = z.input<typeof tagRemoveSchema>;

/** The answer of a removal: how many carried it. */
export const tagRemovedSchema = z.object({
  kind: z.enum(TAG_KINDS),
  name: z.string(),
  removed_from: z.number().int(),
});
export type TagRemoved = z.infer<typeof tagRemovedSchema>;

export const NO_SUCH_TAG = 'No tag of this kind has this name.';

/** A rename onto a name another tag of the kind has (409): that is a merge. */
export const tagNameTaken = (name: string) =>
  `Another tag of this kind is already called “${name}”. Merge the two tags instead of renaming.`;

/** "1 case", "3 vulnerabilities": what carries a tag of the kind, counted. */
export const tagCarriers = (kind: TagKind, n: number) =>
  kind === 'case' ? `${n} case${n === 1 ? '' : 's'}` : `${n} vulnerabilit${n === 1 ? 'y' : 'ies'}`;
