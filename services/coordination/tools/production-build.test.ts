// The production build (scripts/server-build.ts, what `npm start` runs) keeps the behaviour the sources have
// under tsx: the probe, bundled the same way into a folder of the repository and run by node, answers as
// the same functions do here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bundle, root } from '../../../scripts/server-build.ts';
import { probe } from './production-build-probe.ts';

const into = path.join(root, 'dist', `test-build-${process.pid}`);
afterAll(() => rmSync(into, { recursive: true, force: true }));

it('bundled, finds its files, packages and schemas where the sources do, and stack traces name the .ts file', async () => {
  const result = await bundle({ probe: 'services/coordination/tools/production-build-probe.ts' }, into);
  mkdirSync(into, { recursive: true });
  for (const file of result.outputFiles) writeFileSync(file.path, file.contents);
  const printed = execFileSync(
    process.execPath,
    ['--enable-source-maps', path.join(into, 'probe.js'), '--print'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const compiled = JSON.parse(printed) as ReturnType<typeof probe>;
  const sources = probe();
  expect(compiled).toEqual({ ...sources, stackFrame: expect.stringMatching(/production-build-probe\.ts$/) });
  expect(compiled.dataDir).toBe(path.join(root, 'data'));
  expect(compiled.cveErrors).toBeGreaterThan(0);
  expect(compiled.csaf21Valid).toBe(false);
});
