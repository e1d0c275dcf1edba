import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// `npm test` runs the server project twice: on the embedded PGlite, then on PostgreSQL (TEST_DATABASE_URL).
// These files never open the test database (pure code, files, their own explicit PGlite in a child process),
// so the PostgreSQL run would repeat them identically: it leaves them out. A file that starts using the
// test database must leave this list (nothing breaks if it stays, it is only not run on PostgreSQL).
const databaseFree = [
  'packages/server-kit/src/auth/secret-box.test.ts',
  'packages/server-kit/src/db/database.test.ts',
  'packages/server-kit/src/db/large-counts.test.ts',
  'packages/server-kit/src/db/prepared-once.test.ts',
  'packages/server-kit/src/db/word-stats.test.ts',
  'packages/server-kit/src/heap-flags.test.ts',
  'packages/server-kit/src/http/responses.test.ts',
  'packages/server-kit/src/logging.test.ts',
  'packages/server-kit/src/outbound/*.test.ts',
  'packages/server-kit/src/secret-key.test.ts',
  'packages/server-kit/src/storage/*.test.ts',
  // The embedded test databases' reuse: nothing to test on PostgreSQL (each file copies the template there).
  'packages/server-kit/testing/pglite-reuse.test.ts',
  'services/coordination/src/advisories/render-cache.test.ts',
  'services/coordination/src/csaf/csaf21/*.test.ts',
  'services/coordination/src/csaf/vex.test.ts',
  'services/coordination/src/cwe/import-command.test.ts',
  'services/coordination/src/cwe/parse-catalog.test.ts',
  'services/coordination/src/cwe/search-ranking.test.ts',
  'services/coordination/src/layering.test.ts',
  'services/coordination/src/second-factors/totp.test.ts',
  'services/coordination/tools/local-cve-services/*.test.ts',
  'services/coordination/tools/production-build.test.ts',
  'services/platform/tools/seed-demo/refusal.test.ts',
];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// The route-wide bad-input suite sends ~27,000 hostile requests through the HTTP layer; what it checks (no
// 5xx, authorization before the body, nothing written on a refusal) does not depend on which PostgreSQL
// answers (PGlite is the same engine). When `npm test` runs the server project on PostgreSQL after PGlite
// (CVDP_TEST_POSTGRES_FOLLOWS, set by scripts/run-tests.ts), the PGlite pass leaves it to the faster
// PostgreSQL pass instead of sending every request twice; without PostgreSQL it runs on PGlite.
const onePassOnPostgres = ['services/platform/src/bad-input/*.test.ts'];
const postgresFollows = !onPostgres && process.env.CVDP_TEST_POSTGRES_FOLLOWS === '1';

// The web tests share one module graph and one jsdom per worker (importing React, the router and the
// feature's modules again for each file cost more than the tests themselves) — except the files that
// replace a module with vi.mock: a replaced module must not leak into the next file, so they keep vitest's
// fresh graph per file. Read from the files themselves, so a new test lands in the right group.
const webTests = globSync('web/src/**/*.test.{ts,tsx}');
const mocksModules = (file: string) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8'));
const webWithModuleMocks = webTests.filter(mocksModules);

// One run covers every workspace: pure core code, both services against a real database, and the web app in jsdom.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on CI's 2-core machines that is one worker, and a
    // core sat about 40 % idle while the suite took 70–95 minutes on a slow machine (most of it importing
    // the app per file). Two workers at least; test files are independent (their own database, PGlite in
    // process or a copy of the template on PostgreSQL, which retries when two copy at once; ports chosen
    // by the OS).
    // On PostgreSQL one worker more than the cores: there a file's time is partly waiting for the server's
    // answers, and with two workers the cores sat ~16 % idle; a third took the pass from 146 to 116 s on this
    // 2-core machine (a fourth: 111 s). PGlite answers in process, so its pass keeps two (a third: 201 → 210 s).
    maxWorkers: onPostgres ? availableParallelism() + 1 : Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/{src,testing,tools}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          // Tests of the product (src/) and of the development tools beside it (testing/, tools/).
          include: [
            'packages/server-kit/{src,testing,tools}/**/*.test.ts',
            'services/*/{src,testing,tools}/**/*.test.ts',
          ],
          exclude: [
            ...configDefaults.exclude,
            ...(onPostgres ? databaseFree : []),
            ...(postgresFollows ? onePassOnPostgres : []),
          ],
          environment: 'node',
          globalSetup: ['services/coordination/testing/global-setup.ts'],
          // One module graph per worker, shared by the files it runs: importing the app costs seconds and
          // would otherwise be paid again by every file. Each file still opens its own database and app.
          isolate: false,
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...webWithModuleMocks],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-mocks',
          include: webWithModuleMocks,
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
