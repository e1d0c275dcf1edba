// Start-up time (issue 22): from `node` starting an entry point to the first answer of `/healthz`, for the
// one-port platform (what `npm start` runs once the web app is built) and for each service alone, on the
// embedded database. The first start in a new data folder also migrates it and loads the CWE catalogue;
// the later ones open what is there, as every restart does. Also prints the process's resident memory at
// that first answer.
//
//   npm run bench:startup [-- --runs=N --tsx]     (N starts per entry point after the first, default 4)
//
// Each entry point runs as its npm script runs it (package.json `start`, `start:coordination`,
// `start:scoring`: `node <flags> dist/server/<name>.js`, the build brought up to date first); `--tsx` runs the
// TypeScript sources through tsx instead, with the same flags, for a comparison.
// The platform needs the built web app (`npm run build:web`); the script refuses to run without it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIsCurrent, buildServer, ENTRIES, outdir } from '../scripts/server-build.ts';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(/--runs=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 4);

const viaTsx = process.argv.includes('--tsx');

interface Target {
  name: string;
  /** The node arguments after the flags: the compiled entry point, or tsx and the source. */
  entry: string[];
  flags: string[];
}

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The entry point as its npm script starts it: the flags of its last command (`node <flags> dist/…`). */
function target(name: string, script: string, entry: keyof typeof ENTRIES): Target {
  const command = new RegExp(`^\\s*node\\s+(.*?)dist/server/${entry}\\.js\\s*$`).exec(
    pkg.scripts[script].split('&&').at(-1)!,
  );
  if (!command) throw new Error(`package.json ${script}: no \`node … dist/server/${entry}.js\` found`);
  return {
    name,
    flags: command[1].split(/\s+/).filter(Boolean),
    entry: viaTsx ? ['--import', 'tsx', ENTRIES[entry]] : [path.join(outdir, `${entry}.js`)],
  };
}

const TARGETS: Target[] = [
  target('platform (npm start after the build)', 'start', 'platform'),
  target('coordination alone (base 1)', 'start:coordination', 'coordination'),
  target('scoring alone (base 2)', 'start:scoring', 'scoring'),
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Starts the entry point, polls /healthz every 10 ms, and stops the process once it answered 200. */
async function startOnce(
  target: Target,
  dataDir: string,
): Promise<{ ms: number; rss: number; settled: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...target.flags, ...target.entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      CVDP_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${target.entry.at(-1)} exited ${child.exitCode}: ${stderr.slice(-2000)}`);
      if (performance.now() - t0 > 120_000) throw new Error(`${target.entry.at(-1)}: no answer within 120 s`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.status === 200) {
          const ms = performance.now() - t0;
          const rss = rssMb(child.pid!);
          // At the first answer the start's garbage may not be collected yet: the figure swings by hundreds of
          // MB with the collector's timing. Two seconds later is what a started service holds.
          await new Promise((r) => setTimeout(r, 2000));
          return { ms, rss, settled: rssMb(child.pid!) };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error('The platform serves the built web app: run `npm run build:web` first.');
  process.exit(1);
}

if (!viaTsx && !buildIsCurrent()) await buildServer();

console.log(
  `Start-up to the first /healthz answer (Node ${process.version}, ${runs} starts after the first, ` +
    `${viaTsx ? 'the sources through tsx' : 'dist/server/'})\n`,
);
console.log(
  '| entry point | first start (new data folder) | later starts: median (min–max) | RSS at first answer | RSS 2 s later |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const target of TARGETS) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cvdp-startup-'));
  try {
    const first = await startOnce(target, dataDir);
    const later: { ms: number; rss: number; settled: number }[] = [];
    for (let i = 0; i < runs; i++) later.push(await startOnce(target, dataDir));
    const ms = later.map((r) => r.ms);
    const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
    console.log(
      `| ${target.name} | ${s(first.ms)} | ${s(median(ms))} (${s(Math.min(...ms))}–${s(Math.max(...ms))}) | ${median(later.map((r) => r.rss)).toFixed(0)} MB | ${median(later.map((r) => r.settled)).toFixed(0)} MB |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
