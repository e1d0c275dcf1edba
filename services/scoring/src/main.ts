// Runs the scoring service alone (scale-out): same database, its own port.
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
} from '@cvdp/server-kit';
import { scoringService } from './app.ts';

runCommand(async () => {
  const config = loadConfig();
  // On the embedded database a key is made once and kept in the data folder (server-kit secret-key.ts).
  const secretKey = ensureSecretKey(config);
  const database = await openDatabase(config);
  const app = createServer(config);
  await app.register(serverKitPlugin, { db: database.db, config });
  await app.register(scoringService);
  app.addHook('onClose', () => database.close());
  await app.listen({ port: config.port, host: config.host });
  const keyNote = describeSecretKey(secretKey);
  if (keyNote) app.log.info(keyNote);
  reportStartup(app.log, {
    name: 'CVDP scoring service (base 2)',
    url: `http://${config.host}:${config.port}/`,
    database: describeDatabase(config),
    signIn: 'Sessions come from the coordination service (sign in there); API tokens work here too.',
  });
});
