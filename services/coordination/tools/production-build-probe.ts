// What the production build (scripts/server-build.ts) must keep as the sources have it, printed as JSON: the
// paths found from `import.meta`, packages required relative to a module (ajv 8 is this service's own copy),
// JSON schemas loaded beside their module, and a stack frame that names this .ts file. production-build.test.ts
// bundles this file like the services, runs it with node and compares with the same calls made on the sources.
import { loadConfig, migrationsFolder } from '@cvdp/server-kit';
import { csaf21SchemaErrors } from '../src/csaf/csaf21/index.ts';
import { validateCveRecord } from '../src/cve/schema/validate.ts';
import { bundledCweXmlPath } from '../src/cwe/bundled-catalog.ts';

export function probe() {
  return {
    dataDir: loadConfig({}).dataDir,
    migrationsFolder,
    cweXml: bundledCweXmlPath(),
    cveErrors: validateCveRecord({}).length,
    csaf21Valid: csaf21SchemaErrors({}).isValid,
    stackFrame: /\((.*?):\d+:\d+\)/.exec(new Error('where').stack?.split('\n')[1] ?? '')?.[1] ?? '',
  };
}

if (process.argv.includes('--print')) console.log(JSON.stringify(probe()));
