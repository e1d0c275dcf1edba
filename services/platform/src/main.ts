// `npm start`: opens (and migrates) the database, loads reference data, creates the first administrator,
// and serves everything on one port. The start-up facts (address, database, how to sign in) are printed
// as plain lines on a terminal and logged as one structured line otherwise.
import {
  describeDatabase,
  describeSecretKey,
  ensureSecretKey,
  loadConfig,
  openDatabase,
  reportStartup,
  runCommand,
  startFlagsWarning,
} from '@cvdp/server-kit';
import { describeBootstrap, ensureAdmin, prepareCoordinationData } from '@cvdp/coordination';
import { buildPlatform } from './platform.ts';
import { ensureInternalCoordinationToken } from './internal-token.ts';

runCommand(async () => {
  const config = loadConfig();
  // On the embedded database a key is made once and kept in the data folder (server-kit secret-key.ts).
  const secretKey = ensureSecretKey(config);
  const database = await openDatabase(config);
  await prepareCoordinationData(database.db);
  // Base 2's token for base 1 when both live here and none was configured (internal-token.ts; never logged).
  const internalToken = await ensureInternalCoordinationToken(database.db, config);
  const app = await buildPlatform({ config, db: database.db });
  const signIn = describeBootstrap(await ensureAdmin(database.db, config.adminEmail, config.adminPassword));
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  // The heap flags package.json starts us with (server-kit heap-flags.ts); said once if they are missing.
  const flagsWarning = startFlagsWarning();
  if (flagsWarning) app.log.warn(flagsWarning);
  if (internalToken.status === 'disabled')
    app.log.warn(
      'The platform service account is deactivated: creating cases from the scoring screens is off until an administrator reactivates it or CVDP_COORDINATION_TOKEN is set.',
    );
  await app.listen({ port: config.port, host: config.host });
  const keyNote = describeSecretKey(secretKey);
  if (keyNote) app.log.info(keyNote);
  reportStartup(app.log, {
    name: 'CVDP',
    // The web app lives under /cvdp/ (web-host.ts); the services answer at / and /scoring/.
    url: `${config.publicUrl ?? `http://${config.host}:${config.port}`}/cvdp/`,
    database: describeDatabase(config),
    signIn,
  });
});
