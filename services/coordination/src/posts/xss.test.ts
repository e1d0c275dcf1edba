// Known XSS payloads in a post's Markdown: the HTML the server stores and returns is inert — only
// allow-listed tags and attributes, no event handlers, no script/iframe/svg/object, links only http(s)/
// mailto/relative, images only from this instance.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@cvdp/core';
import { posts } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { type Client, makeWorld, startThread, writePost } from '../../testing/thread-test-helpers.ts';
import { markdownRenderer } from './render.ts';
import { XSS_PAYLOADS as PAYLOADS } from '../../testing/fixtures/xss-payloads.ts';

const ORIGIN = 'https://cvdp.example.org';

const ALLOWED_TAGS = new Set(
  'p br hr h1 h2 h3 h4 h5 h6 blockquote ul ol li strong em s code pre a img table thead tbody tr th td'.split(
    ' ',
  ),
);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'src',
  'alt',
  'title',
  'rel',
  'target',
  'class',
  'style',
  'start',
]);

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '');

/** Fails unless every tag and attribute of `html` is allow-listed and every address is harmless. */
function expectInert(html: string, payload: string) {
  const why = `${payload} → ${html}`;
  for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(name.toLowerCase()), why).toBe(true);
    // Every attribute is name="value"; nothing else may sit inside a tag.
    const rest = attrs.replace(/\s+[a-z-]+="[^"]*"/g, '').replace(/\s*\/?$/, '');
    expect(rest, why).toBe('');
    for (const [, attr, value] of attrs.matchAll(/\s+([a-z-]+)="([^"]*)"/g)) {
      expect(ALLOWED_ATTRIBUTES.has(attr), why).toBe(true);
      const v = decode(value)
        // eslint-disable-next-line no-control-regex -- browsers skip control characters in a URL scheme
        .replace(/[\s\u0000-\u001f]/g, '')
        .toLowerCase();
      if (attr === 'href') expect(/^(https?:|mailto:|\/(?!\/)|#|[^:]*$)/.test(v), why).toBe(true);
      if (attr === 'src')
        expect(v.startsWith('/') && !v.startsWith('//') ? true : v.startsWith(`${ORIGIN}/`), why).toBe(true);
      if (attr === 'style') expect(/^text-align:(left|right|center);?$/.test(v), why).toBe(true);
      if (attr === 'class') expect(/^language-[\w-]+$/.test(v), why).toBe(true);
    }
  }
  expect(html, why).not.toMatch(/<(script|iframe|svg|object|embed|style|math|form|meta|base|details)\b/i);
}

describe('the Markdown renderer', () => {
  const { render } = markdownRenderer(ORIGIN);
  it.each(PAYLOADS)('renders %s inert', (payload) => {
    expectInert(render(payload), payload);
  });

  it('keeps what posts need: links, code, tables, images from this instance', () => {
    expect(render('![diagram](/cvdp/api/case/artifact/x/download/)')).toContain(
      '<img src="/cvdp/api/case/artifact/x/download/" alt="diagram" />',
    );
    expect(render(`![a](${ORIGIN}/a.png)`)).toContain(`<img src="${ORIGIN}/a.png"`);
    expect(render('![a](https://evil.example/a.png)')).not.toContain('<img');
    expect(render('see www.example.com')).toContain(
      '<a href="http://www.example.com" rel="nofollow noopener noreferrer ugc" target="_blank">',
    );
    expect(render('mail x@example.org')).toContain('href="mailto:x@example.org"');
    expect(render('```c\nint x;\n```')).toBe('<pre><code class="language-c">int x;\n</code></pre>\n');
    expect(render('~~old~~ | a |\n\n| h |\n|:-:|\n| c |')).toContain('<th style="text-align:center">h</th>');
  });

  it('without a public address keeps relative images only', () => {
    const local = markdownRenderer(undefined);
    expect(local.render('![a](/a.png)')).toContain('<img src="/a.png"');
    expect(local.render(`![a](${ORIGIN}/a.png)`)).not.toContain('<img');
  });
});

describe('posts with XSS payloads', () => {
  let t: TestApp;
  let coordinator: Client;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: ORIGIN } });
    coordinator = await t.signIn({ roles: ['coordinator'] });
  });
  afterAll(() => t.close());

  it('store and return inert HTML, on write and on edit, and keep the source as written', async () => {
    const w = await makeWorld(t);
    const thread = await startThread(coordinator, w.caseId, { subject: 'Payloads' });
    const author = w.vendorA.member;
    const first = await writePost(author, thread.id, 'harmless');
    for (const payload of PAYLOADS) {
      const post = await writePost(author, thread.id, payload);
      expect(post.content).toBe(payload);
      expectInert(post.html, payload);
      const [stored] = await t.db.select().from(posts).where(eq(posts.id, post.id));
      expectInert(stored.html, payload);
      const edited = await author.patch(`/api/case/thread/post/${first.id}/`, {
        content: `${payload}\n\nedited`,
      });
      expect(edited.statusCode).toBe(200);
      expectInert(edited.json<Post>().html, payload);
    }
    const page = await author.get(`/api/case/thread/${thread.id}/posts/`);
    for (const p of page.json<{ results: Post[] }>().results) expectInert(p.html, p.content);
  });
});
