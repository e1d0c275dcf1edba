// npm run bench:web [-- --loads=7 --no-build]
//
// 1. Builds the web app (web/vite.config.ts, which writes Vite's manifest) unless --no-build.
// 2. From web/dist/.vite/manifest.json, the JavaScript a browser loads before a route can render: the entry
//    chunk and its static imports, plus the route's lazy page chunk and its static imports (and for a signed-in
//    page, in a row of its own, the layout's lazy user menu and session guard). Printed raw and
//    gzip (zlib level 9) for the sign-in page and the new-report page, beside the goals and beside the whole
//    bundle (every JS file of the build: what one bundle holding every screen would weigh).
// 3. In Chromium (playwright-core), the time from navigation start to the report form being interactive
//    (the Title input enabled and taking focus), over a tiny static server for web/dist; the API calls the
//    page makes are answered with page.route fixtures, so no backend is needed. A fresh browser context
//    (empty cache) per load; the median of --loads loads is printed, beside the sign-in page's.
//
// Figures, not assertions: the script never fails on a goal, only on a broken build or page.
import { readFileSync, statSync, readdirSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import type { CurrentUser } from '@cvdp/core';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');

const args = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [key, value] = a.slice(2).split('=');
      return [key, value ?? 'true'] as const;
    }),
);
const LOADS = Math.max(1, Number(args.get('loads') ?? 7));

const GOALS = { signIn: 150, reportForm: 250, interactiveMs: 1000 };
/** The same build before routes loaded lazily (issue 8): one bundle holding every screen. */
const BEFORE = { raw: 810, gzip: 255 };

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const rawSize = (file: string) => statSync(path.join(DIST, file)).size;

/** The chunk and every chunk it imports statically, as files. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function measureFiles(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let count = 0;
  for (const file of files) {
    raw += rawSize(file);
    gzip += gzipSize(file);
    count += 1;
  }
  return { raw, gzip, count };
}

/** What the layout loads lazily once someone is signed in: the user menu and the session timeout guard. */
const SIGNED_IN_LAYOUT = ['src/app/layout/UserMenu.tsx', 'src/features/auth/SessionTimeoutGuard.tsx'];

function routeJs(manifest: Manifest, pageSource: string, signedIn: boolean) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const files = staticClosure(manifest, entryKey);
  for (const key of [pageSource, ...(signedIn ? SIGNED_IN_LAYOUT : [])]) staticClosure(manifest, key, files);
  return { files, ...measureFiles(files) };
}

function allJs() {
  const files = readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  return measureFiles(files);
}

// ---------------------------------------------------------------------------------------------- serving

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
};

/** web/dist as the platform serves it: files by path, index.html for every other path (deep links). */
async function serveDist(): Promise<Server> {
  const index = readFileSync(path.join(DIST, 'index.html'));
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(DIST, path.normalize(pathname));
    if (file.startsWith(DIST + path.sep) && !pathname.startsWith('/.vite/') && existsSync(file)) {
      if (statSync(file).isFile()) {
        response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        response.end(readFileSync(file));
        return;
      }
    }
    response.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
    response.end(index);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

const REPORTER: CurrentUser = {
  id: 7,
  email: 'rita@example.test',
  name: 'Rita Reporter',
  roles: ['reporter'],
  groups: [],
};

/** Every API call the page makes, answered in the browser: signed in as a reporter, or nobody (401). */
async function answerApi(page: Page, user: CurrentUser | null) {
  await page.route(/\/(api|manage|case|report|scoring)\//, (route) => {
    const url = new URL(route.request().url());
    // Who is signed in (GET /api/session/: the user or null); the session guard's activity call is /api/user/.
    if (url.pathname === '/api/session/') return route.fulfill({ json: { user } });
    if (url.pathname === '/api/user/') {
      return user
        ? route.fulfill({ json: user })
        : route.fulfill({ status: 401, json: { detail: 'Authentication credentials were not provided.' } });
    }
    return route.fulfill({ status: 404, json: { detail: 'Not found.' } });
  });
}

/**
 * One cold load (fresh context): ms from navigation start until the control is enabled and takes focus,
 * and the JS files the browser fetched by then.
 */
async function timeToInteractive(browser: Browser, url: string, selector: string, user: CurrentUser | null) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await answerApi(page, user);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (sel) => {
        const el = document.querySelector<HTMLInputElement>(sel);
        if (!el || el.disabled) return false;
        el.focus();
        return document.activeElement === el ? performance.now() : false;
      },
      selector,
      { polling: 'raf', timeout: 30_000 },
    );
    const ms = (await handle.jsonValue()) as number;
    return { ms, scripts: scripts.size };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// ------------------------------------------------------------------------------------------------- main

if (args.get('no-build') !== 'true') {
  const started = performance.now();
  await build({ configFile: path.join(WEB, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`built web/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;

const whole = allJs();
const signIn = routeJs(manifest, 'src/features/auth/LoginPage.tsx', false);
const reportForm = routeJs(manifest, 'src/features/reports/NewReportPage.tsx', false);
const reportFormSignedIn = routeJs(manifest, 'src/features/reports/NewReportPage.tsx', true);
const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
const entryCss = [...new Set([...signIn.files].flatMap((f) => byFile.get(f)?.css ?? []))];
const css = measureFiles(entryCss);

console.log(
  '\nInitial JavaScript per route (entry + static imports + the page chunk and its static imports):\n',
);
console.log('| route | files | raw kB | gzip kB | goal (gzip) |');
console.log('| --- | --- | --- | --- | --- |');
console.log(
  `| sign-in \`/cvdp/login\` | ${signIn.count} | ${kB(signIn.raw)} | ${kB(signIn.gzip)} | ≤ ${GOALS.signIn} kB ${signIn.gzip / 1000 <= GOALS.signIn ? 'met' : 'NOT met'} |`,
);
console.log(
  `| report form \`/cvdp/report\` | ${reportForm.count} | ${kB(reportForm.raw)} | ${kB(reportForm.gzip)} | ≤ ${GOALS.reportForm} kB ${reportForm.gzip / 1000 <= GOALS.reportForm ? 'met' : 'NOT met'} |`,
);
console.log(
  `| report form + what the signed-in layout loads beside it (user menu, session guard) | ${reportFormSignedIn.count} | ${kB(reportFormSignedIn.raw)} | ${kB(reportFormSignedIn.gzip)} | |`,
);
console.log(
  `| whole bundle (all JS files, baseline) | ${whole.count} | ${kB(whole.raw)} | ${kB(whole.gzip)} | |`,
);
console.log(`| before lazy routes (issue 8) | 1 | ${BEFORE.raw} | ${BEFORE.gzip} | |`);
console.log(`\nCSS loaded by every page (Bootstrap + ours): ${kB(css.raw)} kB raw, ${kB(css.gzip)} kB gzip.`);

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  console.log(
    `\nNo Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH): no load times.`,
  );
  process.exit(0);
}

const server = await serveDist();
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  // One load first to warm the browser process itself (not the page's cache: every load has a new context).
  await timeToInteractive(browser, `${base}/cvdp/report`, '#report-title', REPORTER);
  const runs = { report: [] as number[], signIn: [] as number[] };
  let scripts = { report: 0, signIn: 0 };
  for (let i = 0; i < LOADS; i += 1) {
    const report = await timeToInteractive(browser, `${base}/cvdp/report`, '#report-title', REPORTER);
    const login = await timeToInteractive(browser, `${base}/cvdp/login`, '#login-email', null);
    runs.report.push(report.ms);
    runs.signIn.push(login.ms);
    scripts = { report: report.scripts, signIn: login.scripts };
  }
  const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(
    `\nChromium, ${LOADS} cold loads each (fresh context), navigation start → control enabled and focused:\n`,
  );
  console.log('| page | median ms | min ms | max ms | JS files fetched (manifest says) | goal |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| report form, Title input | ${median(runs.report).toFixed(0)} | ${Math.min(...runs.report).toFixed(0)} | ${Math.max(...runs.report).toFixed(0)} | ${scripts.report} (${reportFormSignedIn.count}) | ≤ ${GOALS.interactiveMs} ms ${median(runs.report) <= GOALS.interactiveMs ? 'met' : 'NOT met'} |`,
  );
  console.log(
    `| sign-in, Email input | ${median(runs.signIn).toFixed(0)} | ${Math.min(...runs.signIn).toFixed(0)} | ${Math.max(...runs.signIn).toFixed(0)} | ${scripts.signIn} (${signIn.count}) | |`,
  );
  console.log(`\nreport form loads: ${fmt(runs.report)} ms; sign-in loads: ${fmt(runs.signIn)} ms`);
} finally {
  await browser.close();
  server.close();
}
