import { defineConfig } from 'drizzle-kit';

// One migration set for the one database: the kit's own tables and every domain's tables.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./packages/server-kit/src/db/schema/*.ts', './services/*/src/**/tables.ts'],
  out: './packages/server-kit/drizzle',
});
