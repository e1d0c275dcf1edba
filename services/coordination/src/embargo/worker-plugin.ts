// Runs the embargo reminder worker inside the coordination service, like the email outbox worker: it starts
// when the app is ready and stops before the database closes (preClose). Every replica runs one; the
// reminder rows keep two from sending a reminder twice. Tests that drive workers themselves turn it off.
import type { FastifyInstance } from 'fastify';
import { EmbargoReminderWorker } from './reminders.ts';

export async function embargoWorkerPlugin(app: FastifyInstance, options: { enabled?: boolean }) {
  if (options.enabled === false) return;
  const worker = new EmbargoReminderWorker({
    db: app.db,
    clock: app.clock,
    publicUrl: app.config.publicUrl ?? '',
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
