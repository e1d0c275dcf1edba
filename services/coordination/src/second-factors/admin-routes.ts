// The administrator's requirement: staff roles (coordinator, scorer, admin) must have a second factor once
// the grace period is over; after it, such a user signing in without one enrols one before anything else.
import type { FastifyInstance } from 'fastify';
import { secondFactorPolicyInputSchema, secondFactorPolicySchema } from '@cvdp/core';
import { recordActivity, routes } from '@cvdp/server-kit';
import { policyView, readPolicy, writePolicy } from './store.ts';

export async function secondFactorAdminRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const admin = { access: ['admin'] as const, tags: ['administration'] };

  r.get(
    '/manage/second-factors/',
    {
      ...admin,
      summary: 'Whether staff roles must have a second factor, and from when',
      response: { 200: secondFactorPolicySchema },
    },
    async () => policyView(await readPolicy(db)),
  );

  r.put(
    '/manage/second-factors/',
    {
      ...admin,
      summary: 'Require (or stop requiring) a second factor of staff roles, after a grace period in days',
      body: secondFactorPolicyInputSchema,
      response: { 200: secondFactorPolicySchema },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const { before, after } = await writePolicy(tx, request.body);
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'second_factor_policy.changed',
          objectType: 'second_factor_policy',
          objectId: 1,
          before: policyView(before),
          after: policyView(after),
        });
        return policyView(after);
      }),
  );
}
