// Answers of the CVE calls that are not shared with the web app as core types.
import { z } from 'zod';

/** One field of a form description, as OPTIONS answers it (the Django REST framework metadata shape). */
const formFieldSchema = z.object({
  type: z.string().describe('string, url, boolean or choice.'),
  required: z.boolean(),
  label: z.string(),
  write_only: z.boolean().optional(),
  default: z.union([z.string(), z.boolean()]).optional(),
  min_length: z.number().int().optional(),
  max_length: z.number().int().optional(),
  choices: z.array(z.object({ value: z.string(), display_name: z.string() })).optional(),
});

/** OPTIONS manage/cve/account/: the account form's fields and the environment choices. */
export const cveAccountFormSchema = z.object({
  name: z.string(),
  actions: z.object({ POST: z.record(z.string(), formFieldSchema) }),
});
