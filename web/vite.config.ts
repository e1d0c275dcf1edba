import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the page talks to `npm start` on port 8000 through this proxy.
const backend = process.env.CVDP_DEV_BACKEND ?? 'http://127.0.0.1:8000';
const proxied = ['/api', '/manage', '/scoring', '/case', '/report', '/healthz'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500, sourcemap: false },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])) },
});
