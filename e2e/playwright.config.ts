import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { servers } from './support/servers.ts';

// The servers run the compiled platform (support/servers.ts): the runner brings dist/server up to date first
// (a content hash: nothing to do when the sources did not change). Workers load this file too; they skip it.
if (!process.env.TEST_WORKER_INDEX) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-changed.ts', 'server'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
}

// Debian's Chromium as its headless shell (package chromium-headless-shell: the same engine without the
// browser's own UI, what Playwright itself runs headless by default), else the full browser. The browser
// phase is CPU-bound on a 2-core machine, and the shell used 252 s of CPU where the full browser in its new
// headless mode used 417 s: the phase took 304 s instead of 392 s (docs/architecture.md "Tests").
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

// Browser tests drive the real built app (npm test builds it first) served by the real platform process,
// each server on its own fresh embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts/,
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // In CI a failed test runs once more: two processes share one machine with the servers, and a one-off
  // stall must not throw away a whole run. A test that needed the retry is named as flaky in the run's
  // summary (scripts/run-tests.ts), so the intermittent failure is still seen and fixed.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  use: {
    baseURL: servers.main.url,
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: Object.values(servers).map((s) => ({
    command: s.command,
    cwd: '..',
    url: `${s.url}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { ...s.env },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
