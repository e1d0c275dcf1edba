// The catalogue's answers that only this server describes (the web app does not read them).
import { z } from 'zod';
import { TAG_KINDS } from '@cvdp/core';

const kindChoice = z.object({ value: z.enum(TAG_KINDS), display_name: z.string() });
const field = z.object({
  type: z.string(),
  required: z.boolean(),
  label: z.string(),
  max_length: z.number().int().optional(),
  default: z.string().optional(),
  choices: z.array(kindChoice).optional(),
});

/** OPTIONS /manage/tags/: the tag form, its kinds and the fields POST takes. */
export const tagFormSchema = z.object({
  name: z.string(),
  kinds: z.array(kindChoice),
  actions: z.object({ POST: z.record(z.string(), field) }),
});
