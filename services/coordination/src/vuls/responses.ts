// Answers of the vulnerability calls whose type lives in another domain's core file (the catalogue's
// VulAttribute): the schema is declared here, checked against that type, so the catalogue keeps its own.
import { z } from 'zod';
import { VUL_ATTRIBUTE_TYPES, type VulAttribute } from '@cvdp/core';

/** GET /api/vul/attributes/: one of the catalogue's vulnerability attributes. */
export const vulAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(VUL_ATTRIBUTE_TYPES),
  choices: z.array(z.string()).describe('The values a choice attribute takes (empty for the other types).'),
  required: z.boolean(),
  created: z.string(),
}) satisfies z.ZodType<VulAttribute>;
