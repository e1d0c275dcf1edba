// A form whose fields hold something other than the body it sends (choices one a line, a token left empty
// to keep the stored one): the values are mapped to the body and checked with core's schema for it, the same
// rules the server applies. Each message goes under the field its path starts with (a list item's
// 'choices.0' under 'choices'); a valid form submits the checked body.
import { z, type ZodType } from 'zod';
import type { FieldValues } from 'react-hook-form';

export function mappedSchema<V extends FieldValues, B>(toBody: (values: V) => unknown, schema: ZodType<B>) {
  return z.custom<V>().transform((values, ctx): B => {
    const checked = schema.safeParse(toBody(values));
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.slice(0, 1) });
    return z.NEVER;
  });
}
