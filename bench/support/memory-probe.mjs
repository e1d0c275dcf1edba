// Loaded into the measured server with `node --import <this file> …` by bench:memory (never by the product):
// every second it appends one JSON line to MEMORY_PROBE_FILE with what only the process itself can see — V8's
// heap by space (size, used, resident), the heap's malloc'ed memory and node's external/arrayBuffers. The
// benchmark reads /proc/<pid>/smaps for the rest. Plain JavaScript: the production start runs no tsx.
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
const mb = (n) => Math.round((n / 1048576) * 10) / 10;
if (file) {
  // Garbage collections since the start, by kind: their count and pause time (ms), the cost of a heap setting.
  const gc = { minor: [0, 0], major: [0, 0], incremental: [0, 0], weak: [0, 0] };
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = gc[kinds[entry.detail?.kind]];
      if (kind) {
        kind[0] += 1;
        kind[1] += entry.duration;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  const write = () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((s) => [
          s.space_name,
          { size: mb(s.space_size), used: mb(s.space_used_size), resident: mb(s.physical_space_size) },
        ]),
    );
    const line = {
      t: Date.now(),
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      heapResident: mb(heap.total_physical_size),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      v8Malloced: mb(heap.malloced_memory),
      v8MallocedPeak: mb(heap.peak_malloced_memory),
      spaces,
      gc: Object.fromEntries(Object.entries(gc).map(([k, [n, ms]]) => [k, { n, ms: Math.round(ms) }])),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  setInterval(write, 1000).unref();
  // MEMORY_PROBE_BALLAST_MB=N: N × 1,024 strings of ~1 KB held for the process's life, to see what a heap
  // setting does with a larger live set (full caches) than the benchmark's routes leave. V8 keeps them in less
  // than N MB (64 gave ~30 MB more heap used): read the live size from the heap used, not from N.
  const ballast = Number(process.env.MEMORY_PROBE_BALLAST_MB ?? 0);
  globalThis.memoryProbeBallast = Array.from({ length: ballast * 1024 }, (_, i) => `${'x'.repeat(1000)}${i}`);
}
