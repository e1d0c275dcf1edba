// The build's list of chunks to preload per screen (web/route-preloads.ts), which the platform's page names in
// <link rel="modulepreload"> (services/platform/src/web-host.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS, routePreloadFiles } from '../../route-preloads.ts';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  'src/Page.tsx': { file: 'assets/Page-1.js', imports: ['_vendor.js', '_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['_deep.js'] },
  '_deep.js': { file: 'assets/deep-1.js' },
  'src/Tab.tsx': { file: 'assets/Tab-1.js', imports: ['_shared.js'] },
};

describe('route preloads', () => {
  it("lists a screen's chunks and what they import, once each, without the entry's own", () => {
    expect(routePreloadFiles(manifest, { '/cvdp/things/:id': ['src/Page.tsx', 'src/Tab.tsx'] })).toEqual({
      '/cvdp/things/:id': ['assets/Page-1.js', 'assets/shared-1.js', 'assets/deep-1.js', 'assets/Tab-1.js'],
    });
  });

  it('fails the build when a module it names is not a chunk (a moved or renamed file)', () => {
    expect(() => routePreloadFiles(manifest, { '/cvdp/x': ['src/Gone.tsx'] })).toThrow(
      'route-preloads: src/Gone.tsx (for /cvdp/x) is not a chunk of the build',
    );
  });

  it('names modules that exist', () => {
    const modules = new Set(Object.values(ROUTE_PRELOADS).flat());
    const web = path.resolve(import.meta.dirname, '..', '..');
    for (const module of modules) expect(existsSync(path.join(web, module)), module).toBe(true);
    expect(ROUTE_PRELOADS['/cvdp/cases/:id/threads']).toEqual([
      'src/features/cases/CasePage.tsx',
      'src/features/threads/components/ThreadsTab.tsx',
    ]);
  });
});
