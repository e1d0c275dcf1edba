// Inputs of the artifact calls, validated on both sides.
import { z } from 'zod';
import { idParam } from '../ids/index.ts';

/** PATCH /api/case/artifact/{uuid}/ (staff): `share` opens the file to every participant, false closes it. */
export const artifactUpdateSchema = z.object({ share: z.boolean('Send share: true or false.') }).strict();

/** GET /api/case/{id}/artifacts/?thread={id}: only the files attached in that thread. */
export const artifactListFilter = z.object({ thread: idParam.optional() });
