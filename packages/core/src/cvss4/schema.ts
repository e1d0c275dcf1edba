// Zod schema for CVSS v4.0 vectors, for every boundary (forms, API bodies, stored data).
// The issue message says why a vector is invalid, e.g.
// "invalid CVSS v4.0 vector: metric AT is out of order: it must come before PR".
//
// A server handling a CVSS score validates the vector with this schema and then stores
// cvss4Record(vector): its own score and severity, never a number sent by the client.
import { z } from 'zod';
import { Cvss4Error } from './errors.ts';
import { isValidCvss4Vector, parseCvss4 } from './parse.ts';

export const cvss4VectorSchema = z.string().superRefine((vector, ctx) => {
  if (isValidCvss4Vector(vector)) return;
  try {
    parseCvss4(vector);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: error instanceof Cvss4Error ? error.description : String(error),
      params: error instanceof Cvss4Error ? { cvss4Code: error.code } : undefined,
    });
  }
});
