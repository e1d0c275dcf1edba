// npm run scoring:ingest -- <folder | file.zip | file.json …>
// Reads CVE JSON 5.x records into the scoring queue of the configured database (DATABASE_URL or the embedded
// one under CVDP_DATA_DIR, which must not be open in a running server). Prints progress after each batch,
// every refused file with its reason, and the counts; re-running the same input changes nothing.
import { loadConfig, openDatabase, runCommand } from '@cvdp/server-kit';
import { ingestFiles } from './ingest.ts';
import { readSources } from './sources.ts';

const USAGE = 'Usage: npm run scoring:ingest -- <folder | records.zip | record.json …>';

runCommand(async () => {
  const paths = process.argv.slice(2);
  if (paths.length === 0 || paths.some((p) => p.startsWith('-'))) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const database = await openDatabase(loadConfig());
  try {
    let shown = 0;
    const result = await ingestFiles(database.db, readSources(paths), {
      origin: 'cli',
      label: paths.join(' ').slice(0, 500),
      onProgress: (c, rejects) => {
        for (; shown < rejects.length; shown++)
          console.log(`rejected ${rejects[shown].file}: ${rejects[shown].reason}`);
        console.log(
          `… ${c.filesRead} files: ${c.new} new, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected`,
        );
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Ingest ${result.jobId} done in ${seconds} s: ${result.filesRead} files, ${result.new} new, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.rejected} rejected.`,
    );
    if (result.rejected > result.rejects.length)
      console.log(`(${result.rejected - result.rejects.length} more refusals not listed.)`);
  } finally {
    await database.close();
  }
});
