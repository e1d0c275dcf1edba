// `npm start`: opens (and migrates) the database, loads reference data, creates the first administrator,
// and serves everything on one port.
import { loadConfig, openDatabase, runCommand } from '@cvdp/server-kit';
import { describeBootstrap, ensureAdmin, prepareCoordinationData } from '@cvdp/coordination';
import { buildPlatform } from './platform.ts';

runCommand(async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareCoordinationData(database.db);
  const app = await buildPlatform({ config, db: database.db });
  const message = describeBootstrap(await ensureAdmin(database.db, config.adminEmail, config.adminPassword));
  if (message) app.log.warn(message);
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `CVDP is running at http://${config.host}:${config.port}/cvdp/ (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
});
