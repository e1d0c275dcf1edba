import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/** no-restricted-imports entries of the web app (the blocks at the end say where each applies). */
const AXIOS = {
  name: 'axios',
  message: 'Call the API through a feature api/ file (web/src/lib/api-client.ts).',
};
const API_CLIENT = {
  group: ['**/lib/api-client.ts'],
  importNames: ['coordinationApi', 'scoringApi'],
  message: "Put the call in the feature's api/ folder and call its hook.",
};
const QUERY_HOOKS = {
  name: '@tanstack/react-query',
  importNames: [
    'useQuery',
    'useQueries',
    'useInfiniteQuery',
    'useSuspenseQuery',
    'useMutation',
    'useQueryClient',
  ],
  message: 'Call the feature\'s hooks from its api/ folder (docs/architecture.md, "Web: data").',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      'packages/server-kit/drizzle/**',
      'data/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins and route handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON answers (typed any by fastify.inject) and assert on them directly.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Callback props are declared as methods in props types; they never use `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Feature boundaries of the web app (DESIGN §2a). Elements:
    //   app      web/src/app (router, providers, layout) and web/src/main.tsx
    //   feature  web/src/features/<feature>
    //   shared   web/src/components (incl. components/form), web/src/lib, web/src/test
    //   core     @cvdp/core (packages/core/src)
    // Rules:
    //   - a feature imports shared, core, its own files, and another feature ONLY through that feature's
    //     public index.ts (so the report form can use the CWE picker and the CVSS calculator, but never
    //     reaches into another feature's api.ts, components or helpers);
    //   - shared imports shared and core only (never a feature or the app);
    //   - the app imports shared, core and features' index.ts files;
    //   - core imports core only. External packages are not restricted here.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/src/**/*', 'packages/core/src/**/*'],
      // Folder elements: every file under the folder belongs to it (its path inside is the element's
      // internal path, e.g. `index.ts` or `components/CweField.tsx`).
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['web/src/components', 'web/src/lib', 'web/src/test'] },
        { type: 'core', pattern: 'packages/core/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: ['app', 'shared', 'core'] } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: ['shared', 'core'] } } },
            },
            // Its own files, whatever their folder.
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                },
              },
            },
            // Another feature: only its public index.ts.
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'shared' } },
              allow: { to: { element: { type: ['shared', 'core'] } } },
            },
            { from: { element: { type: 'core' } }, allow: { to: { element: { type: 'core' } } } },
            // Packages from node_modules.
            { allow: { to: { module: { origin: 'external' } } } },
          ],
        },
      ],
    },
  },
  {
    // Every call goes through the API client (web/src/lib/api-client.ts), from a feature's api/ folder:
    // components call the hooks of their feature's api/ files, never axios or the client itself.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/api-client.ts',
      'web/src/features/*/api/**',
      'web/src/features/*/api.ts',
      'web/src/**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [AXIOS], patterns: [API_CLIENT] }] },
  },
  {
    // One web data pattern (issue 23, docs/architecture.md "Web: data"): a feature's calls live in its
    // api/ folder, one file per endpoint exporting the fetcher, its query options and its hook; mutation
    // hooks own what they refresh, so no screen has to remember what a change must refresh. The app's
    // providers (web/src/app) and the shared lib may hold the query client itself. (This block repeats the
    // one above because a later block's options for a rule replace an earlier one's.)
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/features/*/api/**',
      'web/src/app/**',
      'web/src/lib/**',
      'web/src/test/**',
      'web/src/**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [AXIOS, QUERY_HOOKS], patterns: [API_CLIENT] }] },
  },
  { files: ['**/*.{js,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
);
