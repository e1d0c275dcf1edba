// Runs the coordination service alone (scale-out): same database, its own port.
import { createServer, loadConfig, openDatabase, serverKitPlugin, runCommand } from '@cvdp/server-kit';
import { coordinationService } from './app.ts';
import { prepareCoordinationData } from './database.ts';
import { describeBootstrap, ensureAdmin } from './accounts/bootstrap-admin.ts';

runCommand(async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareCoordinationData(database.db);
  const app = createServer(config);
  const message = describeBootstrap(await ensureAdmin(database.db, config.adminEmail, config.adminPassword));
  if (message) app.log.warn(message);
  await app.register(serverKitPlugin, { db: database.db, config });
  await app.register(coordinationService);
  app.addHook('onClose', () => database.close());
  await app.listen({ port: config.port, host: config.host });
});
