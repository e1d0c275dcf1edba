// The scoring service's test app: the coordination service (sign-in lives there) and the scoring service
// under /scoring/, on one fresh database per test file — as the platform mounts them.
import type { Config } from '@cvdp/server-kit';
import { createTestApp, type TestApp } from '@cvdp/coordination/testing';
import { coordinationService } from '@cvdp/coordination';
import { scoringService } from '../src/app.ts';

export { type TestApp, type TestClient } from '@cvdp/coordination/testing';

/** Base 2's prefix on the platform. */
export const S = '/scoring';

export function createScoringTestApp(options: { config?: Partial<Config> } = {}): Promise<TestApp> {
  return createTestApp({
    ...options,
    register: async (app) => {
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: S });
    },
  });
}
