// Runs the outbox worker inside the coordination service, so `npm start`, `start:coordination` and the
// tests all get it: it starts when the app is ready and, on close, stops and waits for the message it is
// sending (before the database closes). Without CVDP_SMTP_URL it does not run and mail stays queued (administrators read it at
// /manage/email/outbox/). Every replica runs one; claiming keeps them from sending a message twice.
import type { FastifyInstance } from 'fastify';
import { OutboxWorker, describeSmtpUrl } from './worker.ts';

export async function outboxWorkerPlugin(app: FastifyInstance) {
  const { smtpUrl, emailFrom, emailPollIntervalMs } = app.config;
  if (!smtpUrl) {
    app.addHook('onReady', async () => {
      app.log.info('email: CVDP_SMTP_URL is not set; notifications are queued in the outbox, not sent');
    });
    return;
  }
  const worker = new OutboxWorker({
    db: app.db,
    smtpUrl,
    from: emailFrom,
    pollIntervalMs: emailPollIntervalMs,
    log: app.log,
    notifications: app.notifications,
  });
  app.addHook('onReady', async () => {
    worker.start();
    app.log.info({ smtp: describeSmtpUrl(smtpUrl) }, 'email: sending queued mail over SMTP');
  });
  // preClose, not onClose: the entry points close the database in a root onClose hook, which Fastify runs
  // before a plugin's onClose — the worker must record the message it is sending while it still can.
  app.addHook('preClose', async () => {
    await worker.stop();
  });
}
