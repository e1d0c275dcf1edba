// The schema of a UserRef (cases/wire.ts): who wrote, scored, decided or asked, as the answers name them.
// Beside wire.ts rather than in it so the answers of vulnerabilities and advisories can declare it.
import { z } from 'zod';
import type { UserRef } from './wire.ts';

export const userRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
}) satisfies z.ZodType<UserRef>;
