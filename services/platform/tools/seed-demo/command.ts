// `npm run seed:demo` once the database is known to be free (seed-demo.ts checks that before it imports
// this): opens it, writes the demo and prints who should try what first.
import { PASSWORD_MIN_LENGTH } from '@cvdp/core';
import { type Config, defaultStorage, openDatabase } from '@cvdp/server-kit';
import { CVE_RECORDS_DIR } from '../../../scoring/testing/records.ts';
import { formatGuide } from './guide.ts';
import { PUBLISHED_CVES } from './published-cases.ts';
import { seedDemo } from './seed.ts';

/**
 * CVDP_DEMO_PASSWORD gives every demo user that password instead of new ones each run: the browser tests'
 * demo server sets it to sign in as each role (a person runs the seed without it and reads what it prints).
 */
export function demoPassword(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const password = env.CVDP_DEMO_PASSWORD || undefined;
  if (password !== undefined && password.length < PASSWORD_MIN_LENGTH)
    throw new Error(`CVDP_DEMO_PASSWORD needs at least ${PASSWORD_MIN_LENGTH} characters.`);
  return password;
}

export async function runSeedCommand(config: Config) {
  const started = performance.now();
  const password = demoPassword();
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
      password,
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
