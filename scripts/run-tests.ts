// `npm test`: the whole suite — unit and API tests on the embedded database (and again on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests against the built app — ending with one line
// `N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

interface Tally {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
}
const tallies: Tally[] = [];
/** Wall time of each phase, printed at the end: where a slow run spent its time. */
const phases: { name: string; seconds: number }[] = [];
const started = performance.now();

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${name} ===`);
  const t0 = performance.now();
  // A key set to undefined is left out of the child's environment (not passed as the text "undefined").
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined),
  );
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: childEnv });
  phases.push({ name, seconds: (performance.now() - t0) / 1000 });
  return result.status === 0;
}

function vitest(name: string, file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  rmSync(file, { force: true });
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    env,
  );
  const r = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number })
    : { numPassedTests: 0, numFailedTests: 1 };
  tallies.push({ name, passed: r.numPassedTests, failed: r.numFailedTests, ok });
}

interface PwSuite {
  specs?: { title?: string; tests: { results: { status: string }[]; status?: string }[] }[];
  suites?: PwSuite[];
}
/**
 * Passed and failed browser tests. A test that failed and then passed on its retry (CI retries each once)
 * counts as passed and is named as flaky, so an intermittent failure is seen and fixed, not hidden.
 */
function countPlaywright(file: string) {
  let passed = 0;
  let failed = 0;
  const flaky: string[] = [];
  const walk = (s: PwSuite) => {
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1)?.status;
        if (last === 'passed') passed++;
        else if (last !== 'skipped') failed++;
        if (last === 'passed' && t.results.length > 1) flaky.push(spec.title ?? '(untitled)');
      }
    }
    (s.suites ?? []).forEach(walk);
  };
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PwSuite[] };
  report.suites.forEach(walk);
  return { passed, failed, flaky };
}

/**
 * The page each failed browser test left behind (Playwright's error-context.md: the error and an
 * accessibility snapshot), printed so a failure in CI can be read from its log alone.
 */
function printFailureContexts(dir: string) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name, 'error-context.md');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    console.log(`\n--- ${entry.name}/error-context.md (first 200 of ${lines.length} lines) ---`);
    console.log(lines.slice(0, 200).join('\n'));
  }
}

const only = process.argv[2];

if (!only || only === 'unit') {
  // Without TEST_DATABASE_URL, so the API tests really run on PGlite (the test database follows that variable).
  // When PostgreSQL follows, the files that test the HTTP layer alone run on it only (vitest.config.ts).
  vitest('unit and API tests (embedded PGlite)', path.join(tmp, 'vitest-pglite.json'), [], {
    TEST_DATABASE_URL: undefined,
    CVDP_TEST_POSTGRES_FOLLOWS: process.env.TEST_DATABASE_URL ? '1' : undefined,
  });
  if (process.env.TEST_DATABASE_URL) {
    vitest('API tests (PostgreSQL)', path.join(tmp, 'vitest-postgres.json'), ['--project', 'server']);
  } else {
    console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only)');
  }
}

if (!only || only === 'e2e') {
  const built = run('web build', 'npm', ['run', 'build:web', '--silent']);
  if (!built) tallies.push({ name: 'web build', passed: 0, failed: 1, ok: false });
  const pwFile = path.join(tmp, 'playwright.json');
  rmSync(pwFile, { force: true });
  const ok =
    built && run('browser tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const counts = existsSync(pwFile) ? countPlaywright(pwFile) : { passed: 0, failed: 1, flaky: [] };
  if (counts.flaky.length)
    console.log(`\nFlaky (failed, then passed on the retry): ${counts.flaky.join('; ')}`);
  if (!ok) printFailureContexts(path.join(root, 'test-results'));
  tallies.push({ name: 'browser tests', passed: counts.passed, failed: counts.failed, ok });
}

console.log('\n=== wall time per phase ===');
for (const p of phases) console.log(`${p.name}: ${p.seconds.toFixed(0)} s`);
console.log(`total: ${((performance.now() - started) / 1000).toFixed(0)} s`);

console.log('\n=== summary ===');
for (const t of tallies)
  console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed${t.ok ? '' : ' (run failed)'}`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed =
  tallies.reduce((n, t) => n + t.failed, 0) + tallies.filter((t) => !t.ok && t.failed === 0).length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && tallies.every((t) => t.ok) ? 0 : 1);
