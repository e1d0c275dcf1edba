// The V8 heap settings the services start with (package.json `start` and `start:coordination` pass them to
// node). A small young generation: the HTTP parser copies every request body chunk into a fresh buffer, and
// V8 only frees those buffers at a scavenge, which with Node 24's default 32 MB semi-space comes after about
// 64 MB of them — ten concurrent 10 MB uploads then grew the process by 62–66 MB. With 4 MB semi-spaces the
// scavenges come every few MB (cheap ones) and the same burst grows it by about 30 MB. V8 reads these flags
// only when the process starts (v8.setFlagsFromString has no effect on the heap's size by then), so they
// live on the node command line; bench/README.md "Upload memory" has the figures.
//
// A bounded growth of the old generation: after each full collection V8 lets the old generation grow to the
// live size times a factor before the next one, and under load it picks up to 4× — fifty clients left the
// platform at ~300 MB resident with ~55 MB live, for the minute or two until its memory reducer ran.
// `--heap-growing-percent=50` fixes the factor at 1.5×: ~170 MB right after the same load, for ~1 s more of
// full-collection pauses over its 80 s (bench/README.md "A lean process", third pass). It moves no limit:
// a larger live set still fits (no `--max-old-space-size`, whose out-of-memory crash would need a margin).
export const START_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'] as const;

/** The start flags this process runs without (neither on its command line nor in NODE_OPTIONS). */
export function missingStartFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((flag) =>
    flag.split('=')[0].replace(/_/g, '-'),
  );
  return START_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
}

/** A warning for the start-up log when the process was started without the flags (plain `node main.ts`). */
export function startFlagsWarning(): string | null {
  const missing = missingStartFlags();
  if (missing.length === 0) return null;
  return (
    `Started without ${missing.join(' ')}: concurrent uploads and load will hold more memory until V8 collects. ` +
    'Start with `npm start` (or pass the flags to node).'
  );
}
