import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { loadConfig, loggerOptions, serverKitPlugin } from '@cvdp/server-kit';
import { coordinationService } from '../app.ts';
import { createTestDb, TestClient } from '../../testing/test-app.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString());
    done();
  },
});
const database = await createTestDb();
const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
await app.register(serverKitPlugin, {
  db: database.db,
  config: { ...loadConfig({}), authRateLimitPerMinute: 1000 },
});
await app.register(coordinationService);
afterAll(async () => {
  await app.close();
  await database.close();
});

it('logs requests as structured JSON without passwords, session cookies or tokens', async () => {
  const client = new TestClient(app);
  const password = 'a very secret passphrase 42';
  expect(
    (await client.post('/api/auth/register/', { email: 'log@example.test', name: 'Log', password }))
      .statusCode,
  ).toBe(201);
  await client.post('/api/auth/login/', { email: 'log@example.test', password });
  const key = 'cvdp_not-a-real-token-but-secret';
  await app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Token ${key}` } });
  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(3);
  for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  expect(log).toContain('"url":"/api/auth/login/"');
  expect(log).not.toContain(password);
  expect(log).not.toContain(key);
  expect(log).not.toMatch(/cvdp_session=/);
  expect(log).not.toContain(client.cookies.get('csrftoken')!);
});
