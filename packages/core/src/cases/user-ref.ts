// How the wire names a person (owner, submitter, uploader, editor): a leaf module, so the wire shapes of
// cases and reports can both build on it without importing each other in a circle.
import { z } from 'zod';

/** How a case shows the people around it (owner, submitter, uploader, editor): id and name, nothing more. */
export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;
