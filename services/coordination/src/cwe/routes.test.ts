// GET /api/cwe/ through the real app: auth, search and ranking, paging, parameter errors, freshness.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cweCatalog, cweEntries } from '../tables.ts';
import type { CweSearchPage } from '@cvdp/core';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { importCweCatalog } from './import-catalog.ts';
import { parseCweCatalog } from './parse-catalog.ts';
import { readBundledCweXml } from './bundled-catalog.ts';
import { splitSearchText } from './search-text.ts';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.signIn();
});
afterAll(() => t.close());

async function search(query: string): Promise<CweSearchPage> {
  const res = await client.get(`/api/cwe/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CweSearchPage>();
}
const ids = (page: CweSearchPage) => page.results.map((r) => r.cwe);

describe('GET /api/cwe/', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.anonymous().get('/api/cwe/?search=79');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('lists the whole catalogue by id, 100 per page by default', async () => {
    const page = await search('');
    expect(page.count).toBe(1427);
    expect(page.results).toHaveLength(100);
    expect(ids(page).slice(0, 3)).toEqual(['CWE-1', 'CWE-2', 'CWE-3']);
    expect(page.previous).toBeNull();
    expect(page.next).toBe('/api/cwe/?page=2&page_size=100');
  });

  it('returns the full entry shape', async () => {
    const page = await search('?search=CWE-79');
    expect(page.results[0]).toEqual({
      cwe: 'CWE-79',
      name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
      description:
        'The product does not neutralize or incorrectly neutralizes user-controllable input before it is placed in output that is used as a web page that is served to other users.',
      // Children carry what the picker needs to offer them: usage, status, and a note unless Allowed.
      children: [
        [
          'CWE-80',
          'Improper Neutralization of Script-Related HTML Tags in a Web Page (Basic XSS)',
          'Incomplete',
        ],
        ['CWE-81', 'Improper Neutralization of Script in an Error Message Web Page', 'Incomplete'],
        ['CWE-83', 'Improper Neutralization of Script in Attributes in a Web Page', 'Draft'],
        ['CWE-84', 'Improper Neutralization of Encoded URI Schemes in a Web Page', 'Draft'],
        ['CWE-85', 'Doubled Character XSS Manipulations', 'Draft'],
        ['CWE-86', 'Improper Neutralization of Invalid Characters in Identifiers in Web Pages', 'Draft'],
        ['CWE-87', 'Improper Neutralization of Alternate XSS Syntax', 'Draft'],
      ].map(([cwe, name, status]) => ({ cwe, name, usage: 'Allowed', status, mapping_note: null })),
      usage: 'Allowed',
      slice_1003: true,
      kind: 'weakness',
      abstraction: 'Base',
      status: 'Stable',
      // An Allowed entry's note only says its level is fine: not sent.
      mapping_note: null,
    });
  });

  it("sends MITRE's mapping note of entries that are not Allowed, and with their children", async () => {
    const [cwe20] = (await search('?search=CWE-20')).results;
    expect(cwe20.mapping_note).toEqual({
      rationale: expect.stringMatching(/^CWE-20 is commonly misused/),
      comments: expect.stringContaining('lower-level children'),
    });
    const [cwe1] = (await search('?search=CWE-1')).results;
    expect(cwe1).toMatchObject({ usage: 'Prohibited', status: 'Deprecated' });
    expect(cwe1.mapping_note?.rationale).toMatch(/^This CWE has been deprecated/);
    // CWE-707's children include CWE-20 (Discouraged) and CWE-74 (Discouraged).
    const [cwe707] = (await search('?search=CWE-707')).results;
    expect(cwe707.children.find((c) => c.cwe === 'CWE-74')).toMatchObject({
      usage: 'Discouraged',
      status: 'Incomplete',
      mapping_note: { rationale: expect.stringMatching(/^CWE-74 is high-level/) },
    });
  });

  it('leaves the retired entries (Deprecated, Obsolete) out with deprecated=false', async () => {
    const all = await search('?page_size=200');
    const current = await search('?page_size=200&deprecated=false');
    // 64 Deprecated and 96 Obsolete entries in 4.15.
    expect(all.count).toBe(1427);
    expect(current.count).toBe(1427 - 64 - 96);
    expect(ids(all)).toContain('CWE-1');
    expect(ids(current)).not.toContain('CWE-1');
    expect(current.results.map((r) => r.status)).not.toContain('Deprecated');
    expect(current.results.map((r) => r.status)).not.toContain('Obsolete');
    expect((await search('?page_size=200&deprecated=0')).count).toBe(current.count);
    expect((await search('?deprecated=true')).count).toBe(1427);
    // 'CWE-16' (Configuration, Obsolete) is found only when asked for.
    expect(ids(await search('?search=CWE-16&deprecated=false'))).not.toContain('CWE-16');
    expect(ids(await search('?search=CWE-16'))[0]).toBe('CWE-16');
    // The next page keeps the choice.
    expect(new URL(current.next!, 'http://cvdp.test').searchParams.get('deprecated')).toBe('false');
  });

  it.each(['79', 'CWE-79', 'cwe-79', 'Cwe-79', ' 79 ', 'xss', 'XSS', 'cross-site scripting'])(
    'puts CWE-79 first for %j',
    async (term) => {
      const page = await search(`?search=${encodeURIComponent(term)}`);
      expect(page.results[0].cwe).toBe('CWE-79');
    },
  );

  it('ranks exact id, then ids starting with it, then mentions', async () => {
    const page = await search('?search=79');
    expect(ids(page).slice(0, 11)).toEqual([
      'CWE-79',
      'CWE-790',
      'CWE-791',
      'CWE-792',
      'CWE-793',
      'CWE-794',
      'CWE-795',
      'CWE-796',
      'CWE-797',
      'CWE-798',
      'CWE-799',
    ]);
  });

  it('ranks name (or alternate term) matches before description matches, each group by id', async () => {
    const page = await search('?search=injection&page_size=200');
    expect(page.count).toBeGreaterThan(10);
    // Name and MITRE alternate terms are the first two lines of search_text (see search-text.ts).
    const rows = await t.db.select({ id: cweEntries.id, searchText: cweEntries.searchText }).from(cweEntries);
    const titles = new Map(rows.map((r) => [`CWE-${r.id}`, splitSearchText(r.id, r.searchText).title]));
    const inName = page.results.map((r) => titles.get(r.cwe)!.includes('injection'));
    const firstDescriptionOnly = inName.indexOf(false);
    expect(firstDescriptionOnly).toBeGreaterThan(0);
    expect(inName.slice(firstDescriptionOnly)).not.toContain(true);
    const numbers = page.results.map((r) => Number(r.cwe.slice(4)));
    const sortedWithin = (a: number[]) => a.every((n, i) => i === 0 || a[i - 1] < n);
    expect(sortedWithin(numbers.slice(0, firstDescriptionOnly))).toBe(true);
    expect(sortedWithin(numbers.slice(firstDescriptionOnly))).toBe(true);
    for (const r of page.results.slice(firstDescriptionOnly))
      expect(r.description.toLowerCase()).toContain('injection');
  });

  it('matches every word, case-insensitively', async () => {
    const page = await search('?search=SQL%20Injection');
    expect(ids(page)[0]).toBe('CWE-89');
    for (const r of page.results) {
      expect(`${r.name} ${r.description}`.toLowerCase()).toContain('sql');
    }
    expect((await search('?search=zzzznotaword')).count).toBe(0);
  });

  it('serves categories and views with their own usage', async () => {
    const view = (await search('?search=1003')).results[0];
    expect(view).toMatchObject({ cwe: 'CWE-1003', kind: 'view', usage: 'Prohibited', slice_1003: false });
    const weakness20 = (await search('?search=CWE-20')).results[0];
    expect(weakness20).toMatchObject({ cwe: 'CWE-20', usage: 'Discouraged', slice_1003: true });
  });

  it('pages with next/previous links that keep the search (relative without CVDP_PUBLIC_URL)', async () => {
    const first = await search('?search=overflow&page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/^\/api\/cwe\//);
    const next = new URL(first.next!, 'http://cvdp.test');
    expect(next.pathname).toBe('/api/cwe/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: 'overflow', page: '2', page_size: '2' });

    const second = await search(`${next.pathname}${next.search}`.replace('/api/cwe/', ''));
    expect(new URL(second.previous!, 'http://cvdp.test').searchParams.get('page')).toBe('1');
    expect(ids(second)).not.toEqual(ids(first));

    // Walking all pages gives the same list as one big page.
    const all = await search('?search=overflow&page_size=200');
    const walked: string[] = [];
    let url: string | null = `/api/cwe/?search=overflow&page_size=3`;
    while (url) {
      const res = await client.get(url.replace(/^https?:\/\/[^/]+/, ''));
      const page = res.json<CweSearchPage>();
      walked.push(...ids(page));
      url = page.next;
    }
    expect(walked).toEqual(ids(all));
    expect(walked).toHaveLength(all.count);
  });

  it('returns an empty page past the end', async () => {
    const page = await search('?search=overflow&page=50');
    expect(page.results).toEqual([]);
    expect(page.next).toBeNull();
    expect(page.previous).not.toBeNull();
  });

  it('accepts page_size 200 and ignores unknown parameters', async () => {
    const page = await search('?page_size=200&foo=bar&ordering=-id');
    expect(page.results).toHaveLength(200);
    expect((await search('?query=xss')).results[0].cwe).toBe('CWE-79');
  });

  it.each([
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
    ['?page_size=500', 'page_size'],
    ['?page_size=0', 'page_size'],
    ['?page_size=ten', 'page_size'],
    [`?search=${'a'.repeat(201)}`, 'search'],
    ['?search=a&search=b', 'search'],
    ['?deprecated=maybe', 'deprecated'],
  ])('answers 400 for %s', async (query, field) => {
    const res = await client.get(`/api/cwe/${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail: string; errors: Record<string, string[]> }>();
    expect(body.detail).toEqual(expect.any(String));
    expect(body.errors[field]).toEqual([expect.any(String)]);
  });

  it('sees an import made by this process at once', async () => {
    await importCweCatalog(t.db, {
      version: '9.0',
      date: '2030-01-01',
      entries: [
        {
          id: 5000,
          kind: 'weakness',
          name: 'Freshly imported weakness',
          description: 'Only in the new release.',
          usage: 'Allowed',
          abstraction: 'Base',
          status: 'Draft',
          parents: [],
          children: [],
          slice1003: false,
          alternateTerms: [],
          mappingRationale: '',
          mappingComments: '',
        },
      ],
    });
    const page = await search('');
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      cwe: 'CWE-5000',
      name: 'Freshly imported weakness',
      children: [],
    });
  });

  it('sees an import made by another process within seconds', async () => {
    // The clock is held still, so only the step below decides when the snapshot is re-checked.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      await search(''); // the snapshot is current as of `now`
      // Another process (npm run cwe:import) changes the rows and bumps cwe_catalog.imported_at.
      await t.db.transaction(async (tx) => {
        await tx.update(cweEntries).set({ name: 'Renamed elsewhere' }).where(eq(cweEntries.id, 5000));
        await tx.update(cweCatalog).set({ importedAt: sql`now() + interval '1 second'` });
      });
      expect((await search('')).results[0].name).toBe('Freshly imported weakness'); // still the snapshot
      clock.mockReturnValue(now + 5_000);
      // The first request after the window answers from the snapshot it has and starts the re-check;
      // requests after that re-check see the new rows.
      const names: string[] = [];
      for (let i = 0; i < 20 && names.at(-1) !== 'Renamed elsewhere'; i++) {
        names.push((await search('')).results[0].name);
      }
      expect(names.at(-1)).toBe('Renamed elsewhere');
    } finally {
      clock.mockRestore();
    }
    await importCweCatalog(t.db, parseCweCatalog(await readBundledCweXml()));
    expect((await search('')).count).toBe(1427);
  });
});
