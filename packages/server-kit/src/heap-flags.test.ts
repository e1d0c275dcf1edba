import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { START_NODE_FLAGS, missingStartFlags } from './heap-flags.ts';

describe('start flags', () => {
  it('are what package.json starts the platform and the coordination service with', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const script of ['start', 'start:coordination']) {
      // The service runs compiled (dist/server/), after a tsx step that builds it if its sources changed.
      const node = /&& node (.*) dist\/server\//.exec(pkg.scripts[script]);
      expect(node?.[1].split(/\s+/)).toEqual(expect.arrayContaining([...START_NODE_FLAGS]));
    }
  });

  it('are found on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(missingStartFlags(['--max-semi-space-size=4', '--heap-growing-percent=50'], '')).toEqual([]);
    expect(
      missingStartFlags(['--heap_growing_percent=40'], '--enable-source-maps --max_semi_space_size=8'),
    ).toEqual([]);
    expect(missingStartFlags(['--max-semi-space-size=4'], '')).toEqual(['--heap-growing-percent=50']);
    expect(missingStartFlags(['--import', 'tsx'], '')).toEqual([
      '--max-semi-space-size=4',
      '--heap-growing-percent=50',
    ]);
  });
});
