import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server-kit/src/db/schema/index.ts',
  out: './packages/server-kit/drizzle',
});
