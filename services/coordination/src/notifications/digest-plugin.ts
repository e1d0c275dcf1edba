// Runs the digest worker inside the coordination service (every replica; the per-period row keeps a digest
// from going twice): started when the app is ready, stopped before the database closes. CVDP_DIGEST_WORKER=0
// leaves it to other replicas (tests run workers by hand with their own clock).
import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import { DigestWorker, type DigestReader } from './digest.ts';

export async function digestWorkerPlugin(
  app: FastifyInstance,
  options: { visible: (reader: DigestReader) => SQL | undefined },
) {
  if (!app.config.digestWorker) return;
  const worker = new DigestWorker({
    db: app.db,
    clock: app.clock,
    visible: options.visible,
    publicUrl: app.config.publicUrl ?? '',
    pollIntervalMs: app.config.digestPollIntervalMs,
    log: app.log,
    notifications: app.notifications,
  });
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
  });
}
