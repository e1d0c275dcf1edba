// POST /api/test/clock/ {advance_seconds}: moves the service's clock ahead — it exists for browser tests of
// scheduled work (a scheduled publication, embargo reminders) and is registered only with CVDP_TEST_CLOCK=on
// (never in production: the config refuses it); without the flag the address is 404 like any unknown one.
// DELETE /api/test/clock/ puts it back to real time: the offset is the whole server's, and specs running
// beside the one that moved it propose embargo ends and schedule publications in real time.
import type { FastifyInstance } from 'fastify';
import { testClockAdvanceSchema, testClockAnswerSchema } from '@cvdp/core';
import { OffsetClock, routes } from '@cvdp/server-kit';

export async function testClockRoutes(app: FastifyInstance) {
  const clock = app.clock;
  if (!(clock instanceof OffsetClock)) return;
  const r = routes(app);
  r.post(
    '/api/test/clock/',
    {
      summary: 'Move the clock scheduled work acts on ahead (admin; only with CVDP_TEST_CLOCK=on, for tests)',
      tags: ['test'],
      access: ['admin'],
      body: testClockAdvanceSchema,
      response: { 200: testClockAnswerSchema },
    },
    async (request) => {
      clock.advance(request.body.advance_seconds * 1000);
      return { now: clock.now().toISOString() };
    },
  );
  r.delete(
    '/api/test/clock/',
    {
      summary: 'Put the clock back to real time (admin; only with CVDP_TEST_CLOCK=on, for tests)',
      tags: ['test'],
      access: ['admin'],
      response: { 200: testClockAnswerSchema },
    },
    async () => {
      clock.reset();
      return { now: clock.now().toISOString() };
    },
  );
}
