import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One run covers every workspace: pure core code, both services against a real database, and the web app in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server-kit/src/**/*.test.ts', 'services/*/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['services/coordination/src/testing/global-setup.ts'],
          hookTimeout: 120_000,
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
