// GET /api/search/: ranked full text over what the caller may see, with snippets safe to render as HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import type { SearchHit } from '@cvdp/core';
import { groupMembers, groups } from '@cvdp/server-kit';
import { and, eq } from 'drizzle-orm';
import { caseParticipants, threadParticipants } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { safeSnippet } from './store.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };
let member: TestClient & { user: TestUser };
let other: TestClient & { user: TestUser };
let caseA = 0;
let caseB = 0;

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn();
  member = await t.signIn();
  other = await t.signIn();
  caseA = (
    await submitReport(reporter, {
      report: sampleReportQuestions({
        title: 'Kraken firmware overflow',
        vulnerabilities: [
          sampleVulnerability({
            description:
              'The kraken tentacle parser overflows when 5 < 6 & "x" > 2 <script>alert(1)</script>',
          }),
        ],
      }),
    })
  ).json().id;
  caseB = (
    await submitReport(other, {
      report: sampleReportQuestions({
        title: 'Secret kraken backdoor',
        vulnerabilities: [sampleVulnerability({ description: 'A hidden kraken account' })],
      }),
    })
  ).json().id;
  const [vendor] = await t.db.insert(groups).values({ name: 'Search Vendor' }).returning();
  await t.db.insert(groupMembers).values({ groupId: vendor.id, userId: member.user.id });
  await t.db.insert(caseParticipants).values({ caseId: caseA, groupId: vendor.id, role: 'vendor' });
});
afterAll(() => t.close());

const search = async (who: TestClient, q: string) => {
  const res = await who.get(`/api/search/?query=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; results: SearchHit[] }>();
};

describe('GET /api/search/', () => {
  it('finds case titles and report answers of every case for staff, ranked, title matches first', async () => {
    const { count, results } = await search(coordinator, 'kraken');
    expect(count).toBe(4); // each case's title entry and its report entry
    expect(new Set(results.map((h) => h.case))).toEqual(new Set([caseA, caseB]));
    expect(new Set(results.map((h) => h.type))).toEqual(new Set(['case', 'report']));
    for (let i = 1; i < results.length; i++)
      expect(results[i - 1].rank).toBeGreaterThanOrEqual(results[i].rank);
    const report = results.find((h) => h.type === 'report' && h.case === caseA)!;
    expect(report).toMatchObject({
      case_title: 'Kraken firmware overflow',
      title: 'Kraken firmware overflow',
    });
  });

  it('never shows what the caller may not see: participants and group members get their cases only', async () => {
    for (const who of [reporter, member]) {
      const { count, results } = await search(who, 'kraken');
      expect(count).toBe(2);
      expect(results.every((h) => h.case === caseA)).toBe(true);
      expect(JSON.stringify(results)).not.toMatch(/backdoor|hidden/i);
    }
    const stranger = await t.signIn();
    expect(await search(stranger, 'kraken')).toMatchObject({ count: 0, results: [] });
    expect(await search(stranger, 'backdoor')).toMatchObject({ count: 0, results: [] });
    expect((await t.anonymous().get('/api/search/?query=kraken')).statusCode).toBe(401);
  });

  it('marks the matches in an HTML-escaped snippet (the text cannot inject markup)', async () => {
    const { results } = await search(coordinator, 'tentacle');
    expect(results).toHaveLength(1);
    const { snippet } = results[0];
    expect(snippet).toContain('<mark>tentacle</mark>');
    expect(snippet).toContain('5 &lt; 6 &amp; &quot;x&quot; &gt; 2');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(safeSnippet('a \u0001b&c\u0002 <i>')).toBe('a <mark>b&amp;c</mark> &lt;i&gt;');
  });

  it('pages (cap 50) and refuses bad input with the field named', async () => {
    const first = (await coordinator.get('/api/search/?query=kraken&page_size=3')).json();
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('page=2');
    for (const [q, field] of [
      ['', 'query'],
      ['?query=', 'query'],
      ['?query=kraken&page_size=51', 'page_size'],
      ['?query=kraken&page=3&page_size=3', 'page'],
      [`?query=${'x'.repeat(201)}`, 'query'],
    ]) {
      const res = await coordinator.get(`/api/search/${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors), q).toContain(field);
    }
    // Only stop words, or punctuation: nothing to find, not an error.
    expect(await search(coordinator, 'the')).toMatchObject({ count: 0 });
    expect(await search(coordinator, "'&|!:*()")).toMatchObject({ count: 0 });
  });
});

describe('GET /api/search/ prepared for those who are not staff', () => {
  it('answers each caller and their words for themselves, past the point a generic plan may set in', async () => {
    // One prepared statement serves every caller without groups; the caller's ids and the words are its
    // parameters. More than five runs on a connection, so PostgreSQL may keep a generic plan.
    const cases = async (who: TestClient, q: string) =>
      [...new Set((await search(who, q)).results.map((h) => h.case))].sort();
    for (let round = 0; round < 7; round++) {
      expect(await cases(reporter, 'kraken')).toEqual([caseA]);
      expect(await cases(other, 'kraken')).toEqual([caseB]);
      expect(await cases(reporter, 'backdoor')).toEqual([]);
      expect(await cases(other, 'tentacle')).toEqual([]);
      expect((await search(other, 'backdoor')).count).toBeGreaterThan(0);
      expect(await cases(member, 'kraken')).toEqual([caseA]);
    }
  });
});

describe('GET /api/search/ and posts', () => {
  it("finds a restricted thread's posts only for its participants and staff", async () => {
    const [reporterRow] = await t.db
      .select({ id: caseParticipants.id })
      .from(caseParticipants)
      .where(and(eq(caseParticipants.caseId, caseA), eq(caseParticipants.userId, reporter.user.id)));
    const start = async (body: object) => {
      const res = await coordinator.post(`/api/case/${caseA}/threads/`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const open = await start({ subject: 'Open talk' });
    const restricted = await start({ subject: 'Reporter only', participants: [reporterRow.id] });
    for (const [thread, content] of [
      [open, 'The leviathan patch is public'],
      [restricted, 'The leviathan embargo date is secret'],
    ] as const) {
      const res = await coordinator.post(`/api/case/thread/${thread}/posts/`, { content });
      expect(res.statusCode, res.body).toBe(201);
    }
    const texts = async (who: TestClient) => {
      const { results } = await search(who, 'leviathan');
      expect(results.every((h) => h.type === 'post' && h.case === caseA)).toBe(true);
      return results.map((h) => h.snippet.replace(/<\/?mark>/g, ''));
    };
    // The vendor member is a participant of the case, but not of the restricted thread.
    const vendorHits = await texts(member);
    expect(vendorHits).toHaveLength(1);
    expect(vendorHits[0]).toContain('patch is public');
    expect(JSON.stringify(await search(member, 'embargo'))).not.toMatch(/secret|Reporter only/);
    expect(await texts(reporter)).toHaveLength(2);
    expect(await texts(coordinator)).toHaveLength(2);
    expect((await search(member, 'leviathan')).count).toBe(1);
    // The case list's word search reads the same entries: a restricted thread's words find the case only for
    // those who may read the thread.
    const listed = async (who: TestClient, q: string) => {
      const res = await who.get(`/api/cases/?query=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number; results: { id: number }[] }>();
    };
    expect(await listed(member, 'secret')).toMatchObject({ count: 0, results: [] });
    expect((await listed(member, 'public')).results.map((c) => c.id)).toEqual([caseA]);
    expect((await listed(reporter, 'secret')).results.map((c) => c.id)).toEqual([caseA]);

    // Taken out of the thread, the reporter no longer finds its posts.
    const [row] = await t.db
      .select()
      .from(threadParticipants)
      .where(eq(threadParticipants.threadId, restricted));
    expect((await coordinator.delete(`/api/case/thread/participant/${row.id}/`)).statusCode).toBe(204);
    expect(await texts(reporter)).toHaveLength(1);
    expect(await texts(coordinator)).toHaveLength(2);
  });
});
