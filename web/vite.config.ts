import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the page talks to `npm start` on port 8000 through this proxy.
const backend = process.env.CVDP_DEV_BACKEND ?? 'http://127.0.0.1:8000';
const proxied = ['/api', '/manage', '/scoring', '/case', '/report', '/healthz'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    // The bench (bench/web-bundle.bench.ts) reads what each route loads from the manifest.
    manifest: true,
    rolldownOptions: {
      // Shared constants (texts of core such as the pending-account message) are inlined where they are
      // used, so a page needing one string does not load the module's chunk (and zod with it).
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // Vendor code in a few chunks instead of dozens of small ones (each compressed on its own): what
        // every page runs at start, and what only the report form needs. Other shared code is split by use.
        codeSplitting: {
          groups: [
            // Packages every page runs at start (React, the router, TanStack Query, axios, the layout's
            // react-bootstrap parts): one chunk.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // Packages only some pages use: one chunk per set of pages using them (small sets merged), so
            // the report form's libraries load with it and nowhere else.
            {
              name: 'vendor-lazy',
              test: /[\\/]node_modules[\\/]/,
              priority: 10,
              entriesAware: true,
              entriesAwareMergeThreshold: 10_000,
            },
          ],
        },
      },
      treeshake: {
        // @cvdp/core is pure TypeScript without side effects (module-level code only builds constants,
        // schemas and tables): a page that imports one message does not carry the CVSS tables or every
        // zod schema. Its package.json does not say so yet, hence this.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]core[\\/]src[\\/]/.test(id),
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])) },
});
