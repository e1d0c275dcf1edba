// The report form's check: core's reportFormSchema (the server's rules), with each message as the form
// shows it under its field (SPEC §5: a missing description reads 'This field is required.'), so the
// context fields can show the schema's message as it comes.
import { z } from 'zod';
import { reportFormSchema, shownFieldMessage, type ReportFormInput } from '@cvdp/core';

export const reportFieldsSchema = z.custom<ReportFormInput>().transform((values, ctx) => {
  const checked = reportFormSchema.safeParse(values);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', message: shownFieldMessage(issue.message), path: issue.path });
  return z.NEVER;
});
