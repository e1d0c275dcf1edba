// The platform (one process: both services and the web app) serves a thread's live stream as a stream:
// the web host's API prefixes keep it from the page fallback, the security headers are there, and nothing
// (compression, buffering) holds the events back until the response ends.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@cvdp/coordination/testing';
import { caseParticipants, cases, coordinationService, posts, threads } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { webHost } from './web-host.ts';

let t: TestApp;
let origin: string;
const dist = mkdtempSync(path.join(tmpdir(), 'cvdp-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestApp({
    config: { webDistDir: dist },
    register: async (app) => {
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
      await app.register(webHost, { config: app.config });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

it('streams GET /api/case/thread/{id}/events/ with its events as they happen, not the page', async () => {
  const vendor = await t.signIn({ roles: ['reporter'] });
  const [c] = await t.db.insert(cases).values({ title: 'Hosted', createdBy: vendor.user.id }).returning();
  await t.db.insert(caseParticipants).values({ caseId: c.id, userId: vendor.user.id, role: 'vendor' });
  const [thread] = await t.db.insert(threads).values({ caseId: c.id, subject: 'Live' }).returning();

  const cookie = [...vendor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/case/thread/${thread.id}/events/`, {
    headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br', cookie },
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('content-encoding')).toBeNull();
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const readUntil = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended: ${text}`);
      text += value;
    }
  };
  await readUntil(/event: ready/);
  const [post] = await t.db
    .insert(posts)
    .values({ threadId: thread.id, caseId: c.id, authorId: vendor.user.id, content: 'x', html: '' })
    .returning();
  // Arrives while the response is still open: not buffered until the end.
  await readUntil(new RegExp(`"post":${post.id}`));
  abort.abort();
});
