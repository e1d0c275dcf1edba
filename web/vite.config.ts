import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './route-preloads.ts';

// In development the page talks to `npm start` on port 8000 through this proxy.
const backend = process.env.CVDP_DEV_BACKEND ?? 'http://127.0.0.1:8000';
const proxied = ['/api', '/manage', '/scoring', '/case', '/report', '/healthz'];

export default defineConfig({
  root: import.meta.dirname,
  // routePreloads: dist/route-preloads.json, the chunks each screen needs, for the platform's page to preload.
  plugins: [react(), routePreloads()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    // No modulepreload polyfill in the first chunk (1.2 kB raw, which sign-in loads too): Chromium, Firefox and
    // Safari 17 follow <link rel="modulepreload">; an older Safari ignores it and loads a chunk when imported.
    modulePreload: { polyfill: false },
    // The bench (bench/web-bundle.bench.ts) reads what each route loads from the manifest, and so does the
    // route-preloads step.
    manifest: true,
    rolldownOptions: {
      // Shared constants (texts of core such as the pending-account message) are inlined where they are
      // used, so a page needing one string does not load the module's chunk (and zod with it).
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // Chunks grouped by the pages using them are named by those pages (vendor-lazy~UserMenu~…~Page): long
        // names the first chunk repeats in its preload map. Their hash alone names them.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('vendor-lazy') ? 'assets/vendor-lazy-[hash].js' : 'assets/[name]-[hash].js',
        // Vendor code in a few chunks instead of dozens of small ones (each compressed on its own): what
        // every page runs at start, and what only the report form needs. Other shared code is split by use.
        codeSplitting: {
          groups: [
            // Packages every page runs at start (React, the router, TanStack Query, axios, the layout's
            // react-bootstrap parts): one chunk.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // zod on its own: the merge below would otherwise put it beside small parts the sign-in page
            // needs (react-bootstrap's Card), and the sign-in page would load the whole schema library.
            { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 15 },
            // react-hook-form likewise: merged by use it shared a chunk with the react-bootstrap parts of the
            // sign-in page (16 kB gzip more there) once the case page stopped using some of them.
            {
              name: 'vendor-forms',
              test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              priority: 15,
            },
            // react-idle-timer (the signed-in layout's session guard) likewise: small enough to be merged by use,
            // it landed beside react-bootstrap's Card and the signed-out sign-in page loaded it (+5 kB gzip).
            { name: 'vendor-idle', test: /[\\/]node_modules[\\/]react-idle-timer[\\/]/, priority: 15 },
            // date-fns likewise: merged by use, addDays/subDays landed beside react-bootstrap's Card (which sign-in
            // uses) and pulled the chunk holding format and its en-US locale into sign-in (+6 kB gzip).
            { name: 'vendor-dates', test: /[\\/]node_modules[\\/]date-fns[\\/]/, priority: 15 },
            // Packages only some pages use: one chunk per set of pages using them (small sets merged), so
            // the report form's libraries load with it and nowhere else. Sets under 3 kB are merged (it was
            // 10 kB): at 10 kB react-bootstrap's InputGroupContext joined the Dropdown chunk and @restart/ui's
            // useRootClose the people picker's, so the sign-in page (InputGroup) loaded Popper, Modal and the
            // picker (197 kB gzip against its 150), and so did every signed-in page's menus. At 3 kB: sign-in
            // 147.6 kB, the report form 237.6, the thread view 25 files (bench/README.md, thread view).
            {
              name: 'vendor-lazy',
              test: /[\\/]node_modules[\\/]/,
              priority: 10,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
            },
          ],
        },
      },
      treeshake: {
        // @cvdp/core is pure TypeScript without side effects (module-level code only builds constants,
        // schemas and tables): a page that imports one message does not carry the CVSS tables or every
        // zod schema. Its package.json does not say so yet, hence this. A feature's public index.ts only
        // re-exports: the route table imports cveRoutes from cve/index.ts, and without this the first chunk
        // also carried the calls index.ts re-exports for other features' lazy screens (cve/api.ts,
        // cases/api.ts), code sign-in never runs.
        moduleSideEffects: (id: string) =>
          !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id) &&
          !/[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])) },
});
