// `npm run seed:demo` once the database is known to be free (seed-demo.ts checks that before it imports
// this): opens it, writes the demo and prints who should try what first.
import { type Config, defaultStorage, openDatabase } from '@cvdp/server-kit';
import { CVE_RECORDS_DIR } from '../../../scoring/testing/records.ts';
import { formatGuide } from './guide.ts';
import { PUBLISHED_CVES } from './published-cases.ts';
import { seedDemo } from './seed.ts';

export async function runSeedCommand(config: Config) {
  const started = performance.now();
  const database = await openDatabase(config);
  const baseUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  let result;
  try {
    result = await seedDemo({
      db: database.db,
      storage: defaultStorage(config),
      publicUrl: config.publicUrl,
      records: [CVE_RECORDS_DIR],
      baseUrl,
    });
  } finally {
    await database.close();
  }
  const { cases, queue } = result;
  const kept = cases.total - cases.created;
  console.log(
    formatGuide(result.tasks, {
      where: database.kind === 'pglite' ? config.dataDir : 'PostgreSQL',
      seconds: ((performance.now() - started) / 1000).toFixed(1),
      loginUrl: `${baseUrl}/cvdp/login`,
      sharedPassword: result.cast.sharedPassword,
      facts:
        `Cases: ${cases.created} new${kept ? `, ${kept} kept from before` : ''} — in triage, active (threads, files, ` +
        'vulnerabilities with SSVC and vendor status, an advisory waiting for approval), closed, and published ' +
        `(${PUBLISHED_CVES.join(', ')}). Scoring queue: ${queue.list.filesRead} CVE records ` +
        `(${queue.list.new} new), ${queue.published.filesRead} linked to their published cases.`,
    }),
  );
}
