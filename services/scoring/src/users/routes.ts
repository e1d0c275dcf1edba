// api/users/: the scorers work can be assigned to.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '@cvdp/server-kit';

export async function scoringUserRoutes(app: FastifyInstance) {
  app.get('/api/users/', { preHandler: app.requireRole('scorer', 'admin') }, async () => {
    const rows = await app.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(sql`'scorer' = any(${users.roles})`, eq(users.isActive, true), eq(users.pending, false)))
      .orderBy(asc(users.name));
    return rows;
  });
}
