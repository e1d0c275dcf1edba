// npm run bench:memory [-- --cases=10000 --duration=5 --requests=50 --connections=50 --rounds=2 --after=10
//                         --variant="<flags and NAME=value settings>" … --malloc --keep]
//
// Issue 30 item 2: what the platform's resident memory after a load is made of, and what a setting saves or
// costs. One database of --cases cases (bench/support/case-seed.ts, `memory_bench_<cases>`; --keep leaves it
// for the next run, which then measures without seeding). For each variant, --rounds times in turn (so the
// variants share the machine's noise): what `npm start` runs (dist/server/platform.js) with the variant's node
// flags (default: those of `npm start`) and environment (`MALLOC_ARENA_MAX=2` and the like in the variant),
// plus `--import bench/support/memory-probe.mjs`, which logs V8's heap by space and its collections from inside
// the process (`MEMORY_PROBE_BALLAST_MB=N` in a variant makes it hold a larger live set). Then bench:scale's
// routes (without the quality ordering) one after the other: --requests sequential requests (p50), then
// --connections clients for --duration s (req/s). Printed: VmRSS fresh (2 s after the first answer), right
// after the load and --after s later; the server's CPU time per request and the collections during the load
// (count and pause ms); the split of the process's resident memory right after the load — file-backed (the
// node binary, libraries), V8's heap (resident pages of its spaces; the young generation apart), malloc
// (glibc's own figures through gdb with --malloc: arenas, free inside them, direct mmaps), and the rest of
// the anonymous memory (V8's pooled pages, thread stacks, code ranges).
//
//   --variant="--max-semi-space-size=4 --liftoff-only --enable-source-maps"     npm start before the third pass
//   --variant="MALLOC_ARENA_MAX=2 --max-semi-space-size=4 --heap-growing-percent=50 --liftoff-only"
//
// It needs gdb for --malloc (glibc's malloc_info, called in the server process). Figures: bench/README.md,
// "A lean process", third pass.
//
// PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPostgres } from '@cvdp/server-kit';
import { prepareCoordinationData } from '@cvdp/coordination';
import { COORDINATOR, PASSWORD, QUERIES, VENDOR, seed } from './support/case-seed.ts';
import {
  benchServerUrl,
  databaseUrl,
  numberOption,
  oneClientTimes,
  percentile,
  runScenario,
  signIn,
  startFlags,
  startServer,
  stopServer,
} from './support/harness.ts';

const PROBE = path.join(import.meta.dirname, 'support', 'memory-probe.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** bench:scale's routes (coordinator and vendor, the search terms in rotation), its slowest one left out. */
const terms = (base: string) => QUERIES.map((w) => `${base}${encodeURIComponent(w)}`);
const ROUTES = (['coordinator', 'vendor'] as const).flatMap((who) => [
  { who, paths: ['/api/cases/'] },
  { who, paths: terms('/api/cases/?query=') },
  { who, paths: ['/api/cases/?owned=True&status=0&status=1'] },
  { who, paths: terms('/api/search/?query=') },
  ...(who === 'coordinator' ? [{ who, paths: ['/api/triage/'] }] : []),
]);

interface Variant {
  label: string;
  flags: string[];
  env: Record<string, string>;
}

/** `--variant="A=1 --flag …"`: settings with `=` and no leading dash are environment, the rest node flags. */
async function variants(): Promise<Variant[]> {
  const given = process.argv.filter((a) => a.startsWith('--variant=')).map((a) => a.slice(10));
  if (given.length === 0) given.push((await startFlags()).join(' '));
  return given.map((label) => {
    const words = label.split(/\s+/).filter(Boolean);
    const env = Object.fromEntries(
      words.filter((w) => !w.startsWith('-') && w.includes('=')).map((w) => w.split('=', 2)),
    );
    return { label, env, flags: words.filter((w) => w.startsWith('-')) };
  });
}

/** VmRSS in MB. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The process's CPU time so far (user + system, seconds), from /proc/<pid>/stat. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** Resident MB by kind of mapping, from /proc/<pid>/smaps. */
async function smaps(pid: number) {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const sums = { nodeBinary: 0, otherFiles: 0, brkHeap: 0, anonymous: 0, stacks: 0 };
  let kind: keyof typeof sums = 'anonymous';
  for (const line of text.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1];
      if (name === '[heap]') kind = 'brkHeap';
      else if (name.startsWith('[stack')) kind = 'stacks';
      else if (name.startsWith('/')) kind = /\/node$/.test(name) ? 'nodeBinary' : 'otherFiles';
      else kind = 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) sums[kind] += Number(rss[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, Math.round(v)])) as typeof sums;
}

/** glibc's malloc figures (MB) through gdb's `malloc_info`: arenas' memory, free inside them, direct mmaps. */
async function mallocInfo(pid: number) {
  const file = path.join(tmpdir(), `memory-bench-malloc-${pid}.xml`);
  await promisify(execFile)('gdb', [
    '-p',
    String(pid),
    '-batch',
    '-nx',
    '-ex',
    `set $f = ((void* (*)(const char*, const char*)) fopen)("${file}", "w")`,
    '-ex',
    'call ((int (*)(int, void*)) malloc_info)(0, $f)',
    '-ex',
    'call ((int (*)(void*)) fclose)($f)',
  ]);
  const xml = await readFile(file, 'utf8');
  await rm(file, { force: true });
  // The last totals are the whole process's (the earlier ones are per arena).
  const last = (pattern: RegExp) => Number([...xml.matchAll(pattern)].at(-1)?.[1] ?? 0) / 1048576;
  const arenas = last(/<system type="current" size="(\d+)"/g);
  const free =
    last(/<total type="fast" count="\d+" size="(\d+)"/g) +
    last(/<total type="rest" count="\d+" size="(\d+)"/g);
  const mmapped = last(/<total type="mmap" count="\d+" size="(\d+)"/g);
  const count = [...xml.matchAll(/<heap nr="/g)].length;
  return {
    arenas: Math.round(arenas),
    free: Math.round(free),
    mmapped: Math.round(mmapped),
    inUse: Math.round(arenas - free + mmapped),
    count,
  };
}

interface ProbeLine {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  heapResident: number;
  external: number;
  arrayBuffers: number;
  v8Malloced: number;
  spaces: Record<string, { size: number; used: number; resident: number }>;
  /** Collections since the start by kind: count and pause time (ms). */
  gc?: Record<'minor' | 'major' | 'incremental' | 'weak', { n: number; ms: number }>;
}

/** Collections of one kind between two probe lines: "count (ms)". */
const gcDuring = (before: ProbeLine, after: ProbeLine, kind: 'minor' | 'major' | 'incremental') =>
  after.gc && before.gc
    ? `${after.gc[kind].n - before.gc[kind].n} (${after.gc[kind].ms - before.gc[kind].ms})`
    : '';

async function lastProbe(file: string): Promise<ProbeLine> {
  await sleep(1100);
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  return JSON.parse(lines.at(-1)!) as ProbeLine;
}

async function measure(url: string, variant: Variant, round: number) {
  const probeFile = path.join(tmpdir(), `memory-bench-probe-${process.pid}-${round}.jsonl`);
  await rm(probeFile, { force: true });
  const { child, origin } = await startServer(import.meta.filename, {
    env: { DATABASE_URL: url, MEMORY_PROBE_FILE: probeFile, ...variant.env },
    nodeFlags: [...variant.flags, '--import', PROBE],
    production: true,
  });
  const pid = child.pid!;
  try {
    await sleep(2000);
    const fresh = await rssMb(pid);
    const probeFresh = await lastProbe(probeFile);
    const headers = {
      coordinator: { cookie: (await signIn(origin, COORDINATOR, PASSWORD)).cookie },
      vendor: { cookie: (await signIn(origin, VENDOR, PASSWORD)).cookie },
    };
    const requests = numberOption('requests', 50);
    const connections = numberOption('connections', 50);
    const duration = numberOption('duration', 5);
    const p50s: number[] = [];
    let rps = 0;
    let served = 0;
    const cpuBefore = await cpuSeconds(pid);
    for (const route of ROUTES) {
      p50s.push(percentile(await oneClientTimes(origin, route.paths, headers[route.who], requests), 50));
      const row = await runScenario(
        origin,
        { name: route.paths[0], headers: headers[route.who], paths: route.paths },
        connections,
        duration,
      );
      rps += row['req/s'];
      // The 2 s warm-up's requests (not counted by runScenario) at the measured rate, and the one client's.
      served += row.requests + row['req/s'] * 2 + requests + 10;
      if (row.failed > 0) console.log(`  ${route.paths[0]}: ${row.failed} failed`);
    }
    const cpu = (await cpuSeconds(pid)) - cpuBefore;
    const after = await rssMb(pid);
    const split = await smaps(pid);
    const probe = await lastProbe(probeFile);
    const malloc = process.argv.includes('--malloc') ? await mallocInfo(pid) : undefined;
    const afterSeconds = numberOption('after', 10);
    await sleep(afterSeconds * 1000);
    const later = await rssMb(pid);
    const young = ['new_space', 'new_large_object_space'].reduce(
      (n, s) => n + (probe.spaces[s]?.resident ?? 0),
      0,
    );
    const heapResident = Math.round(probe.heapResident);
    // Anonymous memory that is neither V8's spaces nor malloc: V8's pooled pages, code ranges, thread stacks.
    const anonymous = split.anonymous + split.brkHeap + split.stacks;
    return {
      variant: variant.label,
      round,
      'fresh MB': fresh,
      'after MB': after,
      [`+${afterSeconds} s MB`]: later,
      'mean p50 ms': +(p50s.reduce((a, b) => a + b, 0) / p50s.length).toFixed(1),
      'req/s (sum)': rps,
      // Less noisy than req/s on a shared machine: what the load cost the server's process in CPU time.
      'CPU ms / request': +((cpu * 1000) / served).toFixed(2),
      'major GCs (ms)': gcDuring(probeFresh, probe, 'major'),
      'minor GCs (ms)': gcDuring(probeFresh, probe, 'minor'),
      'incremental steps (ms)': gcDuring(probeFresh, probe, 'incremental'),
      'node binary + files': split.nodeBinary + split.otherFiles,
      anonymous: anonymous,
      'V8 resident (young)': `${heapResident} (${Math.round(young)})`,
      'V8 used': Math.round(probe.heapUsed),
      'external (arrayBuffers)': `${Math.round(probe.external)} (${Math.round(probe.arrayBuffers)})`,
      ...(malloc
        ? {
            'malloc in use / free / mmap (arenas)': `${malloc.inUse} / ${malloc.free} / ${malloc.mmapped} (${malloc.count})`,
            'other anonymous': Math.round(anonymous - heapResident - malloc.arenas - malloc.mmapped),
          }
        : {}),
      load: load(),
    };
  } finally {
    await stopServer(child);
    await rm(probeFile, { force: true });
  }
}

async function main() {
  const cases = numberOption('cases', 10_000);
  const rounds = numberOption('rounds', 1);
  const name = `memory_bench_${cases}`;
  const serverUrl = benchServerUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const url = databaseUrl(serverUrl, name);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  try {
    if (!exists) {
      await admin.query(`create database ${name}`);
      const setup = await openPostgres(url, { max: 2 });
      await prepareCoordinationData(setup.db);
      await setup.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await seed(client, cases, (line) => console.log(line));
      await client.end();
    } else {
      const setup = await openPostgres(url, { max: 2 });
      await prepareCoordinationData(setup.db);
      await setup.close();
    }
    console.log(`Memory benchmark: ${cases.toLocaleString('en')} cases, load average ${load()}.`);
    const rows = [];
    for (let round = 1; round <= rounds; round++) {
      for (const variant of await variants()) {
        const row = await measure(url, variant, round);
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
    console.table(rows);
  } finally {
    if (!process.argv.includes('--keep')) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
