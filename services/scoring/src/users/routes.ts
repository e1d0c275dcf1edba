// api/users/: the scorers work can be assigned to.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { routes, users } from '@cvdp/server-kit';

/** A scorer work can be assigned to. */
const scorerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export async function scoringUserRoutes(app: FastifyInstance) {
  const r = routes(app);
  r.get(
    '/api/users/',
    {
      summary: 'Scorers (work can be assigned to them)',
      tags: ['users'],
      access: ['scorer', 'admin'],
      response: { 200: z.array(scorerSchema) },
    },
    async () =>
      app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(sql`'scorer' = any(${users.roles})`, eq(users.isActive, true), eq(users.pending, false)))
        .orderBy(asc(users.name)),
  );
}
