// Which routes declare no answer (RouteSpec.response, issue 23): read from the app's route table, as the
// bad-input suite reads it, so a route added tomorrow is checked the day it is added (src/route-responses.test.ts).
import { createTestApp } from '@cvdp/coordination/testing';
import { coordinationService } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';

export interface RouteAnswers {
  method: string;
  url: string;
  /** The status codes the route declares (without the kit's 4xx). */
  statuses: string[];
}

/** Every route of both services (ours: it declares `access`), with the answers it declares. */
export async function readRouteAnswers(): Promise<{ routes: RouteAnswers[]; close(): Promise<void> }> {
  const routes: RouteAnswers[] = [];
  const t = await createTestApp({
    register: async (app) => {
      app.addHook('onRoute', (route) => {
        if ((route.config as { access?: unknown } | undefined)?.access === undefined) return;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          routes.push({ method, url: route.url, statuses: Object.keys(response).filter((s) => s !== '4xx') });
        }
      });
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
    },
  });
  return { routes, close: () => t.close() };
}
