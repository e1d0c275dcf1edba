// `npm run seed:demo`: a working disclosure programme for a newcomer, with work waiting for every role
// (seed-demo/seed.ts says what is written; seed-demo/guide.ts what each role is told to try first).
//
// The embedded database belongs to one process: while a server runs on it, the seed is refused at once,
// naming that process — checked before the services are imported, which takes seconds (the refusal used to
// come only after them). On PostgreSQL (DATABASE_URL) the seed may run beside a server.
import { loadConfig } from '@cvdp/server-kit/config';
import { runCommand } from '@cvdp/server-kit/command';
import { embeddedDatabaseInUse } from '@cvdp/server-kit/db/data-dir-lock';

runCommand(async () => {
  const config = loadConfig();
  const inUse = embeddedDatabaseInUse(config);
  if (inUse) throw new Error(`${inUse} The demo data is written while the server is stopped.`);
  const { runSeedCommand } = await import('./seed-demo/command.ts');
  await runSeedCommand(config);
});
