// One process, one port: the web app, base 1 at / and base 2 at /scoring/.
import type { FastifyInstance } from 'fastify';
import { type Config, type Db, createServer, serverKitPlugin } from '@cvdp/server-kit';
import { coordinationService } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { webHost } from './web-host.ts';

export async function buildPlatform(options: {
  config: Config;
  db: Db;
  logger?: boolean;
}): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = createServer(config, { logger: options.logger });
  await app.register(serverKitPlugin, { db, config });
  await app.register(coordinationService);
  await app.register(scoringService, { prefix: '/scoring' });
  await app.register(webHost, { config });
  return app;
}
