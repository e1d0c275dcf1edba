// The preview is the post (issue 26): POST /api/markdown/preview/ answers byte for byte the HTML a post (and an
// advisory revision) is stored with, over ordinary Markdown and every known XSS payload; it is for signed-in
// users, needs the CSRF token like every unsafe call, and is bounded like a post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MAX_LENGTH, type AdvisoryRevision } from '@cvdp/core';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { XSS_PAYLOADS } from '../../testing/fixtures/xss-payloads.ts';
import { type Client, makeWorld, startThread, writePost } from '../../testing/thread-test-helpers.ts';

const ORIGIN = 'https://cvdp.example.org';
const URL = '/api/markdown/preview/';

const ORDINARY = [
  '# A heading\n\n## Another\n\n###### Smallest',
  'Some **bold**, _em_, ~~struck~~ and `code`.',
  '- one\n- two\n  - nested\n\n3. three\n4. four',
  '> quoted\n> text',
  '```c\nint main(void) { return 0; }\n```',
  '| a | b |\n|:--|--:|\n| 1 | 2 |',
  'see www.example.com and https://example.org/x?y=1 or x@example.org',
  `![diagram](/api/case/artifact/1/download/) ![abs](${ORIGIN}/a.png) ![no](https://evil.example/a.png)`,
  'Line one\nline two\n\n---\n\nafter the rule',
  'Ünïcödé — “quotes” & <angle> brackets',
];
const CORPUS = [...ORDINARY, ...XSS_PAYLOADS];

describe('the Markdown preview', () => {
  let t: TestApp;
  let coordinator: Client;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: ORIGIN } });
    coordinator = await t.signIn({ roles: ['coordinator'] });
    w = await makeWorld(t);
  });
  afterAll(() => t.close());

  const preview = async (by: Client, text: string) => {
    const res = await by.post(URL, { text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ html: string }>().html;
  };

  it('equals the HTML of the post once posted, over ordinary Markdown and the XSS list', async () => {
    const thread = await startThread(coordinator, w.caseId, { subject: 'Preview' });
    const author = w.vendorA.member;
    for (const text of CORPUS) {
      const html = await preview(author, text);
      const post = await writePost(author, thread.id, text);
      expect(html, text).toBe(post.html);
    }
  });

  it('equals the HTML of the advisory revision once saved', async () => {
    const content = CORPUS.join('\n\n');
    const html = await preview(coordinator, content);
    const res = await coordinator.post(`/api/case/${w.caseId}/advisory/`, {
      title: 'Preview check',
      content,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(html).toBe(res.json<AdvisoryRevision>().html);
  });

  it('previews empty text as nothing', async () => {
    expect(await preview(w.reporter, '')).toBe('');
  });

  it('is for signed-in callers with the CSRF token, and bounded like a post', async () => {
    expect((await t.anonymous().post(URL, { text: 'x' })).statusCode).toBe(401);
    expect((await w.stranger.post(URL, { text: 'x' }, { csrf: false })).statusCode).toBe(403);
    const long = await w.stranger.post(URL, { text: 'x'.repeat(POST_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['text']);
    const missing = await w.stranger.post(URL, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['text']);
  });
});
