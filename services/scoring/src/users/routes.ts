// api/users/: the scorers work can be assigned to.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { routes, users } from '@cvdp/server-kit';

export async function scoringUserRoutes(app: FastifyInstance) {
  const r = routes(app);
  r.get(
    '/api/users/',
    { summary: 'Scorers (work can be assigned to them)', tags: ['users'], access: ['scorer', 'admin'] },
    async () =>
      app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(sql`'scorer' = any(${users.roles})`, eq(users.isActive, true), eq(users.pending, false)))
        .orderBy(asc(users.name)),
  );
}
