// Runs the transfer worker inside the coordination service (npm start, start:coordination and the tests),
// like the email outbox worker: it starts when the app is ready and, before the database closes, stops —
// abandoning the call in flight (its Idempotency-Key makes sending it again safe) and handing the transfer
// back to the queue. Every replica runs one; claiming keeps two from sending the same transfer.
import type { FastifyInstance } from 'fastify';
import { TransferWorker } from './worker.ts';

export async function transferWorkerPlugin(app: FastifyInstance) {
  const { config } = app;
  if (!config.transferWorker) {
    app.addHook('onReady', async () => {
      app.log.info(
        'transfers: CVDP_TRANSFER_WORKER=0; started transfers wait for another replica to send them',
      );
    });
    return;
  }
  const worker = new TransferWorker({
    db: app.db,
    http: app.outbound,
    storage: app.storage,
    config,
    pollIntervalMs: config.transferPollIntervalMs,
    maxAttempts: config.transferMaxAttempts,
    retryBaseMs: config.transferRetryBaseMs,
    leaseMs: config.transferLeaseMs,
    requestTimeoutMs: config.transferTimeoutMs,
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
