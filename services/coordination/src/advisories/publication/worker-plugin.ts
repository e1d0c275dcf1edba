// Runs the scheduled-publication worker in every coordination replica (claims keep them from acting twice):
// it starts when the app is ready and stops in preClose, before the database closes. With the browser-test
// clock (CVDP_TEST_CLOCK=on) it looks again whenever the clock is moved ahead. CVDP_PUBLICATION_WORKER=0 leaves
// it to other replicas (and lets a test drive its own workers without this one racing them).
import type { FastifyInstance } from 'fastify';
import { OffsetClock } from '@cvdp/server-kit';
import { embargoLink } from './embargo-link.ts';
import { PublicationWorker } from './worker.ts';

export async function publicationWorkerPlugin(app: FastifyInstance) {
  if (!app.config.publicationWorker) return;
  const worker = new PublicationWorker({
    db: app.db,
    clock: app.clock,
    config: app.config,
    outbound: app.outbound,
    embargo: embargoLink,
    log: app.log,
    notifications: app.notifications,
  });
  const clock = app.clock;
  const unsubscribe = clock instanceof OffsetClock ? clock.onAdvance(() => worker.wake()) : null;
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    unsubscribe?.();
    await worker.stop();
  });
}
