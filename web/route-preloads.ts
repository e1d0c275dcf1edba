// Which chunks a screen needs before it can show, so the platform's page names them in the HTML
// (`<link rel="modulepreload">`, services/platform/src/web-host.ts) and the browser fetches them beside the
// entry chunk. Without it a lazy screen's chunks are asked for only once the entry has arrived, been
// evaluated and built the router: on the thread view of a case that was about a fifth of the time to
// interactive, spent with the network idle (bench/thread-view.bench.ts --waterfall).
//
// The table names source modules (the route's lazy page and the tab its loader asks for); the build turns
// each into its chunk and the chunks that chunk imports (the start-up chunks, which index.html preloads
// already, left out) and writes dist/route-preloads.json. A module named here that is not a chunk of the
// build fails the build, so a moved file cannot quietly end the preloading.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const CASE_PAGE = 'src/features/cases/CasePage.tsx';
/** The case page's tabs (web/src/features/cases/case-tabs.ts), by their address segment. */
const CASE_TAB_MODULES: Record<string, string> = {
  report: 'src/features/cases/components/ReportTab.tsx',
  participants: 'src/features/cases/components/ParticipantsTab.tsx',
  activity: 'src/features/cases/components/ActivityTab.tsx',
  threads: 'src/features/threads/components/ThreadsTab.tsx',
  artifacts: 'src/features/threads/components/ArtifactsTab.tsx',
  vulnerabilities: 'src/features/vuls/index.ts',
  advisory: 'src/features/advisories/components/AdvisoryTab.tsx',
};

/** Address pattern (`:name` is one segment) → the source modules its screen needs at first paint. */
export const ROUTE_PRELOADS: Record<string, string[]> = {
  '/cvdp/cases/:id': [CASE_PAGE, CASE_TAB_MODULES.report],
  ...Object.fromEntries(
    Object.entries(CASE_TAB_MODULES).map(([tab, module]) => [`/cvdp/cases/:id/${tab}`, [CASE_PAGE, module]]),
  ),
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and every file it imports statically (what the browser needs before it runs). */
function withImports(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withImports(manifest, imported, into);
}

/** route-preloads.json: address pattern → the chunk files to preload beyond the entry's. */
export function routePreloadFiles(manifest: Manifest, routes = ROUTE_PRELOADS): Record<string, string[]> {
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(manifest, key, entry);
  return Object.fromEntries(
    Object.entries(routes).map(([pattern, modules]) => {
      const files = new Set<string>();
      for (const module of modules) {
        if (!manifest[module])
          throw new Error(`route-preloads: ${module} (for ${pattern}) is not a chunk of the build`);
        withImports(manifest, module, files);
      }
      return [pattern, [...files].filter((f) => !entry.has(f))];
    }),
  );
}

/** The build step: reads the manifest Vite wrote and writes dist/route-preloads.json beside it. */
export function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'cvdp-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      writeFileSync(
        path.join(outDir, 'route-preloads.json'),
        JSON.stringify(routePreloadFiles(manifest), null, 1),
      );
    },
  };
}
