import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@cvdp/coordination/testing';
import { coordinationService } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { webHost } from './web-host.ts';

let t: TestApp;
const dist = mkdtempSync(path.join(tmpdir(), 'cvdp-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  // What the build lists per screen (web/route-preloads.ts): the page names these chunks for the browser.
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({ '/cvdp/cases/:id/threads': ['assets/CasePage-1.js', 'assets/ThreadsTab-1.js'] }),
  );
  t = await createTestApp({
    config: { webDistDir: dist, inactivityTimeout: 900, apiUrl: '/', scoreApiUrl: '/scoring/' },
    register: async (app) => {
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
      await app.register(webHost, { config: app.config });
    },
  });
});
afterAll(() => t.close());

describe('hosting page', () => {
  it('serves the app with the page config for deep links, with a CSP', async () => {
    const res = await t.anonymous().get('/cvdp/cases/12/report/edit/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const json = /<script id="cvdp-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1];
    expect(JSON.parse(json)).toEqual({
      api_url: '/',
      score_api_url: '/scoring/',
      logout_url: '/api/auth/logout/',
      inactivity_timeout: 900,
      max_upload_bytes: 10 * 1024 * 1024,
    });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("names the chunks of the screen an address opens, so they load beside the entry's", async () => {
    const links = (body: string) => [
      ...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ];
    const threads = await t.anonymous().get('/cvdp/cases/5/threads?thread=3');
    expect(links(threads.body).map((m) => m[1])).toEqual([
      '/assets/CasePage-1.js',
      '/assets/ThreadsTab-1.js',
    ]);
    expect(threads.body).toContain('id="cvdp-config"');
    expect(threads.body.indexOf('modulepreload')).toBeLessThan(threads.body.indexOf('</head>'));
    expect(links((await t.anonymous().get('/cvdp/cases/5/threads/')).body)).toHaveLength(2);
    // Another screen, or an address the pattern does not match, gets the plain page.
    for (const other of ['/cvdp/cases/5', '/cvdp/cases/5/threads/7', '/cvdp/cases//threads', '/cvdp/']) {
      const page = await t.anonymous().get(other);
      expect(page.statusCode).toBe(200);
      expect(links(page.body), other).toEqual([]);
    }
  });

  it('serves assets and answers unknown API paths with JSON 404s, not the page', async () => {
    expect((await t.anonymous().get('/assets/app.js')).body).toBe('console.log(1)');
    const api = await t.anonymous().get('/api/nothing-here/');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found.' });
    expect((await t.anonymous().post('/cvdp/anything', {})).statusCode).toBe(404);
  });

  it('serves the public advisory pages itself, outside the app (not its page)', async () => {
    const list = await t.anonymous().get('/advisories/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^text\/html/);
    expect(list.body).toContain('Published advisories');
    expect(list.body).not.toContain('cvdp-config');
    expect(list.headers['content-security-policy']).toContain("script-src 'self'");
    const missing = await t.anonymous().get('/advisories/12/');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('cvdp-config');
    expect((await t.anonymous().get('/api/advisories/')).json()).toMatchObject({ count: 0, results: [] });
    // The CSAF provider's files too (issue 29): an empty directory, not the app's page.
    const index = await t.anonymous().get('/.well-known/csaf/clear/index.txt');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(index.body).toBe('');
  });

  it('mounts the scoring service under /scoring/ with the same sign-in', async () => {
    expect((await t.anonymous().get('/scoring/')).json()).toEqual({ service: 'scoring', status: 'ok' });
    expect((await t.anonymous().get('/scoring/api/users/')).statusCode).toBe(401);
    const reporter = await t.signIn({ roles: ['reporter'] });
    expect((await reporter.get('/scoring/api/users/')).statusCode).toBe(403);
    const scorer = await t.signIn({ roles: ['scorer'], name: 'Sally Scorer' });
    const list = await scorer.get('/scoring/api/users/');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((u: { name: string }) => u.name)).toContain('Sally Scorer');
  });

  it('has no debug routes and keeps secrets out of answers', async () => {
    for (const url of ['/debug', '/env', '/api/env/', '/.env', '/config']) {
      const res = await t.anonymous().get(url);
      expect(res.body).not.toMatch(/DATABASE_URL|password_hash|passwordHash/);
    }
    const admin = await t.signIn({ roles: ['admin'] });
    expect((await admin.get('/manage/users/')).body).not.toMatch(/argon2|password/i);
  });
});
