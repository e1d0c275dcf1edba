// Runs the coordination service alone (scale-out): same database, its own port.
import {
  createServer,
  describeDatabase,
  describeSecretKey,
  ensureSecretKey,
  loadConfig,
  openDatabase,
  reportStartup,
  serverKitPlugin,
  runCommand,
  startFlagsWarning,
} from '@cvdp/server-kit';
import { coordinationService } from './app.ts';
import { prepareCoordinationData } from './database.ts';
import { describeBootstrap, ensureAdmin } from './accounts/bootstrap-admin.ts';

runCommand(async () => {
  const config = loadConfig();
  // On the embedded database a key is made once and kept in the data folder (server-kit secret-key.ts).
  const secretKey = ensureSecretKey(config);
  const database = await openDatabase(config);
  await prepareCoordinationData(database.db);
  const app = createServer(config);
  const signIn = describeBootstrap(await ensureAdmin(database.db, config.adminEmail, config.adminPassword));
  await app.register(serverKitPlugin, { db: database.db, config });
  await app.register(coordinationService);
  app.addHook('onClose', () => database.close());
  // The heap flags package.json starts us with (server-kit heap-flags.ts); said once if they are missing.
  const flagsWarning = startFlagsWarning();
  if (flagsWarning) app.log.warn(flagsWarning);
  await app.listen({ port: config.port, host: config.host });
  const keyNote = describeSecretKey(secretKey);
  if (keyNote) app.log.info(keyNote);
  reportStartup(app.log, {
    name: 'CVDP coordination service (base 1)',
    url: `http://${config.host}:${config.port}/`,
    database: describeDatabase(config),
    signIn,
  });
});
