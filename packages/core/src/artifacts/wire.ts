// The JSON the coordination service answers for a case's files. Times are ISO 8601 UTC strings.
import { z } from 'zod';
import { userRefSchema } from '../cases/user-ref.ts';

/** One file of a case: GET /api/case/{id}/artifacts/. */
export const artifactSummarySchema = z.object({
  uuid: z.string(),
  case: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  shared: z.boolean(),
  source: z
    .string()
    .describe(
      "'upload' | 'report' (the proof of concept of the case's report) | 'thread' (attached in a thread) | 'transfer'",
    ),
  thread: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe('The thread it was attached in, if any (thread readers see it).'),
  uploaded_by: userRefSchema.nullable(),
  created: z.string(),
  download_url: z
    .string()
    .describe('Absolute path under the coordination service: /api/case/artifact/{uuid}/download/'),
});
export type ArtifactSummary = z.infer<typeof artifactSummarySchema>;

/** PATCH /api/case/artifact/{uuid}/ (staff): open a file to every participant of the case, or close it. */
export interface ArtifactUpdate {
  share: boolean;
}
