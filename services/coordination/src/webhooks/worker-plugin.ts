// Runs the webhook worker inside the coordination service, like the email outbox worker: it starts when the
// app is ready and stops before the database closes (preClose), waiting for the deliveries being sent.
// Every replica runs one unless CVDP_WEBHOOK_WORKER=0; claiming keeps two from sending the same delivery.
import type { FastifyInstance } from 'fastify';
import { WebhookWorker } from './worker.ts';

export async function webhookWorkerPlugin(app: FastifyInstance) {
  const { config } = app;
  if (!config.webhookWorker) return;
  const worker = new WebhookWorker({
    db: app.db,
    outbound: app.outbound,
    clock: app.clock,
    secretKey: config.secretKey,
    publicUrl: config.publicUrl,
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
