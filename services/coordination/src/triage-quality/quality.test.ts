// The triage queue's quality signals (issue 28, item 3): each reason from a real submitted report, the
// reporter's record (several reports closed as not a vulnerability in 30 days; a history of valid reports),
// the weakest-first ordering — and that the score never hides a report from the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PageOf, TriageRow } from '@cvdp/core';
import { CASE_STATUS } from '@cvdp/core';
import { ManualClock, rowsOf } from '@cvdp/server-kit';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { cases, resolutionOptions } from '../tables.ts';
import { triageConditions } from '../cases/store.ts';
import { qualityOf } from './store.ts';
import { INVALID_RESOLUTIONS, NOT_VULNERABILITY_MIN, NOT_VULNERABILITY_RESOLUTION } from './thresholds.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { editReport, submitReport, type ReportFormParts } from '../../testing/report-test-helpers.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
const clock = new ManualClock();

const STEPS = 'Steps to reproduce:\n1. Open the search page.\n2. Enter a quote.';

async function submit(client: TestClient, parts: ReportFormParts): Promise<number> {
  const res = await submitReport(client, parts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function triage(query = ''): Promise<PageOf<TriageRow>> {
  const res = await coordinator.get(`/api/triage/?page_size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rowOf = async (id: number) => (await triage()).results.find((r) => r.id === id)!;

/**
 * Every page of the weakest-first order (kept in triage_order by triggers) against the score worked out from
 * the sources at the clock's now, then the case's age: any writer the triggers miss, or a weight the migration
 * has wrong, shows here.
 */
async function expectStoredOrderAgrees(held = false) {
  const listed: number[] = [];
  for (let page = 1; ; page++) {
    const res = await coordinator.get(
      `/api/triage/?ordering=quality&page_size=7&page=${page}${held ? '&held=true' : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body: PageOf<TriageRow> = res.json();
    listed.push(...body.results.map((r) => r.id));
    if (!body.next) break;
  }
  const waiting = await rowsOf<{ id: number; age: number }>(
    t.db,
    sql`select ${cases.id} as id, row_number() over (order by ${cases.createdAt}, ${cases.id}) as age
          from ${cases} where ${triageConditions(undefined, held)}`,
  );
  const quality = await qualityOf(
    t.db,
    waiting.map((w) => w.id),
    clock.now(),
  );
  const expected = waiting
    .sort((a, b) => quality.get(a.id)!.score - quality.get(b.id)!.score || Number(a.age) - Number(b.age))
    .map((w) => w.id);
  expect(listed).toEqual(expected);
  // The stored scores themselves (a wrong weight may leave the order as it is).
  const stored = await rowsOf<{ case_id: number; score: number }>(
    t.db,
    sql`select case_id, case when nv_until >= ${clock.now()} then score_nv else score_plain end as score
          from triage_order where held = ${held}`,
  );
  expect(new Map(stored.map((r) => [Number(r.case_id), Number(r.score)]))).toEqual(
    new Map(waiting.map((w) => [w.id, quality.get(w.id)!.score])),
  );
  return listed;
}

const report = (description: string, product = 'Acme Shop 2.3', title = 'SQL injection in Acme Shop') =>
  sampleReportQuestions({ title, product, vulnerabilities: [sampleVulnerability({ description })] });
const poc = { name: 'poc.txt', content: 'GET /search?q=%27' };

beforeAll(async () => {
  t = await createTestApp({ clock, config: { submitRatePerMinute: 1000 } });
  coordinator = await t.signIn({ roles: ['coordinator'] });
});
afterAll(() => t.close());

describe('GET /api/triage/: the quality of each report', () => {
  it('a complete report has no reasons and is strong', async () => {
    const reporter = await t.signIn();
    const id = await submit(reporter, {
      report: sampleReportQuestions(
        {
          vulnerabilities: [
            sampleVulnerability({ description: `SQL injection in the search box. ${STEPS}` }),
          ],
        },
        { pocFileName: poc.name },
      ),
      poc,
    });
    expect((await rowOf(id)).quality).toEqual({
      score: 100,
      label: 'strong',
      reasons: [],
      reporter_valid_history: false,
    });
  });

  it('names missing steps, a missing version and no proof of concept, and scores each', async () => {
    const reporter = await t.signIn();
    const noSteps = await submit(reporter, { report: report('SQL injection in the search box.') });
    const noVersion = await submit(reporter, { report: report(`Injection. ${STEPS}`, 'Acme Shop') });
    const bare = await submit(reporter, { report: report('It is broken.', 'Acme Shop') });
    const withVersionInText = await submit(reporter, {
      report: report(`Injection in version 7 of the shop. ${STEPS}`, 'Acme Shop'),
    });
    expect((await rowOf(noSteps)).quality).toMatchObject({
      score: 60,
      label: 'fair',
      reasons: ['missing_steps', 'no_poc'],
    });
    expect((await rowOf(noVersion)).quality).toMatchObject({
      score: 70,
      reasons: ['missing_version', 'no_poc'],
    });
    expect((await rowOf(bare)).quality).toMatchObject({
      score: 45,
      label: 'weak',
      reasons: ['missing_steps', 'missing_version', 'no_poc'],
    });
    expect((await rowOf(withVersionInText)).quality.reasons).toEqual(['no_poc']);
  });

  it('an edit that adds the steps clears the reason', async () => {
    const reporter = await t.signIn();
    const id = await submit(reporter, { report: report('SQL injection in the search box.') });
    expect((await rowOf(id)).quality.reasons).toContain('missing_steps');
    await t.db.execute(
      sql`update reports set current = ${JSON.stringify(report(`SQL injection. ${STEPS}`))}::jsonb where case_id = ${id}`,
    );
    expect((await rowOf(id)).quality.reasons).toEqual(['no_poc']);
  });

  it('names text that matches many other reports (mostly common lexemes), not a specific one', async () => {
    // A corpus of 120 reports and records written in the same generic words.
    const generic = 'Cross-site scripting in login page allows attacker to steal cookies';
    await t.db.execute(
      sql`insert into duplicate_signals (title, terms)
          select 'generic ' || g, cvdp_dup_terms(${generic}, '') from generate_series(1, 120) g`,
    );
    const reporter = await t.signIn();
    const common = await submit(reporter, {
      report: report(generic, 'Acme Shop 2.3', 'Cross-site scripting in login page'),
    });
    const specific = await submit(reporter, {
      report: report(
        `Heap overflow in png_read_chunk when parsing a crafted iTXt chunk in the login page. ${STEPS}`,
        'libpng 1.6',
        'Heap overflow in libpng iTXt parsing',
      ),
    });
    expect((await rowOf(common)).quality).toMatchObject({
      score: 35,
      label: 'weak',
      reasons: ['missing_steps', 'no_poc', 'common_text'],
    });
    expect((await rowOf(specific)).quality.reasons).toEqual(['no_poc']);
  });

  it('names a reporter with several reports closed as not a vulnerability in 30 days, until they age out', async () => {
    const reporter = await t.signIn();
    const [nav] = await t.db
      .select()
      .from(resolutionOptions)
      .where(eq(resolutionOptions.name, 'Not a vulnerability'));
    const closed: number[] = [];
    for (let i = 0; i < 3; i++)
      closed.push(await submit(reporter, { report: report(`Thing ${i}. ${STEPS}`) }));
    const res = await coordinator.post('/api/triage/bulk/', {
      action: 'close',
      cases: closed,
      resolution: nav.id,
      message: 'Expected behaviour.',
    });
    expect(res.json().done, res.body).toBe(3);
    const next = await submit(reporter, { report: report(`Another thing. ${STEPS}`) });
    expect((await rowOf(next)).quality).toMatchObject({
      score: 55,
      reasons: ['no_poc', 'reporter_not_vulnerability'],
    });
    // Two such closes are not "several"; another reporter is not touched.
    const other = await t.signIn();
    const theirs = await submit(other, { report: report(`Their thing. ${STEPS}`) });
    expect((await rowOf(theirs)).quality.reasons).toEqual(['no_poc']);
    // 31 days later the closes are history.
    await expectStoredOrderAgrees();
    clock.advance(31 * 86_400_000);
    expect((await rowOf(next)).quality.reasons).toEqual(['no_poc']);
    await expectStoredOrderAgrees();
    clock.set(Date.now());
  });

  it('marks a reporter with 2 reports that became active cases, and raises their score', async () => {
    const reporter = await t.signIn();
    const earlier = [
      await submit(reporter, { report: report(`First. ${STEPS}`) }),
      await submit(reporter, { report: report(`Second. ${STEPS}`) }),
    ];
    const before = await submit(reporter, { report: report('Third, nothing more.') });
    expect((await rowOf(before)).quality.reporter_valid_history).toBe(false);
    const res = await coordinator.post('/api/triage/bulk/', { action: 'activate', cases: earlier });
    expect(res.json().done, res.body).toBe(2);
    expect((await rowOf(before)).quality).toEqual({
      score: 75,
      label: 'fair',
      reasons: ['missing_steps', 'no_poc', 'reporter_valid_history'],
      reporter_valid_history: true,
    });
    await expectStoredOrderAgrees();
  });
});

describe("the reporters' records (kept by triggers for every writer)", () => {
  const recordOf = async (userId: number) => {
    const rows = await rowsOf<{ valid_cases: number; closes: number }>(
      t.db,
      sql`select valid_cases, cardinality(not_vulnerability_closed) as closes from reporter_records where user_id = ${userId}`,
    );
    return rows[0] ? { valid: Number(rows[0].valid_cases), closes: Number(rows[0].closes) } : undefined;
  };

  it('follows reopened cases, reports moved to another case and renamed resolutions', async () => {
    const reporter = await t.signIn();
    const [nav] = await t.db
      .select()
      .from(resolutionOptions)
      .where(eq(resolutionOptions.name, 'Not a vulnerability'));
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(reporter, { report: report(`Record ${i}. ${STEPS}`) }));
    expect(await recordOf(reporter.user.id)).toEqual({ valid: 0, closes: 0 });
    const closed = ids.slice(0, 3);
    await coordinator.post('/api/triage/bulk/', {
      action: 'close',
      cases: closed,
      resolution: nav.id,
      message: 'No.',
    });
    // Only the NOT_VULNERABILITY_MIN latest closes are kept: enough to answer "that many lately".
    expect(await recordOf(reporter.user.id)).toEqual({ valid: 0, closes: 3 });
    expect((await rowOf(ids[3])).quality.reasons).toContain('reporter_not_vulnerability');
    // Reopened (any writer: here the database itself): the close no longer counts.
    await t.db.execute(
      sql`update cases set status = 1, closed_at = null, resolution_id = null, activated_at = now() where id = ${closed[0]}`,
    );
    expect(await recordOf(reporter.user.id)).toEqual({ valid: 1, closes: 2 });
    expect((await rowOf(ids[3])).quality.reasons).not.toContain('reporter_not_vulnerability');
    // A report moved into another reporter's case (a merge) moves with its record.
    const other = await t.signIn();
    const theirs = await submit(other, { report: report(`Theirs. ${STEPS}`) });
    await t.db.execute(sql`update reports set case_id = ${closed[0]} where case_id = ${theirs}`);
    expect(await recordOf(other.user.id)).toEqual({ valid: 1, closes: 0 });
    // "Not a vulnerability" renamed: it is no longer an invalid resolution, so its closes stop counting.
    await t.db
      .update(resolutionOptions)
      .set({ name: 'Works as designed' })
      .where(eq(resolutionOptions.id, nav.id));
    try {
      expect(await recordOf(reporter.user.id)).toEqual({ valid: 1, closes: 0 });
    } finally {
      await t.db.update(resolutionOptions).set({ name: nav.name }).where(eq(resolutionOptions.id, nav.id));
    }
    expect(await recordOf(reporter.user.id)).toEqual({ valid: 1, closes: 2 });
    await expectStoredOrderAgrees();
  });

  it("the records' SQL function uses thresholds.ts's numbers and names", async () => {
    const rows = await rowsOf<{ def: string }>(
      t.db,
      sql`select pg_get_functiondef('cvdp_refresh_reporter_record'::regproc) as def`,
    );
    const def = rows[0].def.toLowerCase();
    expect(def).toContain(`limit ${NOT_VULNERABILITY_MIN}`);
    expect(def).toContain(`c.status = ${CASE_STATUS.CLOSED}`);
    for (const name of INVALID_RESOLUTIONS) expect(def).toContain(`'${name}'`);
    expect(def).toContain(`lower(name) = '${NOT_VULNERABILITY_RESOLUTION}'`);
  });
});

describe('GET /api/triage/?ordering=quality', () => {
  it('lists the weakest first (then oldest), the default stays oldest first, and nothing is hidden', async () => {
    const byDefault = await triage();
    const byQuality = await triage('&ordering=quality');
    expect(byQuality.count).toBe(byDefault.count);
    expect(byQuality.results.map((r) => r.id).sort()).toEqual(byDefault.results.map((r) => r.id).sort());
    const scores = byQuality.results.map((r) => r.quality.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(byQuality.results[0].quality.label).toBe('weak');
    const submitted = byDefault.results.map((r) => r.submitted);
    expect(submitted).toEqual([...submitted].sort());
    // Same scores: oldest first; a page of 2 is the first two of the whole order.
    const firstTwo = await coordinator.get('/api/triage/?ordering=quality&page_size=2');
    expect(firstTwo.json().results.map((r: TriageRow) => r.id)).toEqual(
      byQuality.results.slice(0, 2).map((r) => r.id),
    );
    expect(scores[0]).toBeLessThan(scores.at(-1)!);
    // With words: the same matches as the default order, weakest first.
    const words = await triage('&query=search%20box');
    const wordsByQuality = await triage('&query=search%20box&ordering=quality');
    expect(words.count).toBeGreaterThan(1);
    expect(wordsByQuality.results.map((r) => r.id).sort()).toEqual(words.results.map((r) => r.id).sort());
    const wordScores = wordsByQuality.results.map((r) => r.quality.score);
    expect(wordScores).toEqual([...wordScores].sort((a, b) => a - b));
  });

  it('keeps its stored order through held, released, moved, edited and deleted reports', async () => {
    const reporter = await t.signIn();
    const a = await submit(reporter, { report: report('It is broken.', 'Acme Shop') });
    const b = await submit(reporter, { report: report(`Fine. ${STEPS}`), poc });
    // Held (any writer: the database itself), then released.
    await t.db.execute(sql`insert into held_reports (case_id, reason) values (${a}, 'range')`);
    expect(await expectStoredOrderAgrees()).not.toContain(a);
    expect(await expectStoredOrderAgrees(true)).toContain(a);
    await t.db.execute(sql`update held_reports set released_at = now() where case_id = ${a}`);
    expect(await expectStoredOrderAgrees()).toContain(a);
    // b's report moved into a (a merge): a's first report is unchanged, b has none and scores as unscored.
    await t.db.execute(sql`update reports set case_id = ${a} where case_id = ${b}`);
    await expectStoredOrderAgrees();
    // An edit that adds the steps and a version raises a's score.
    await t.db.execute(
      sql`delete from reports where case_id = ${a} and id <> (select min(id) from reports where case_id = ${a})`,
    );
    const before = (await rowOf(a)).quality.score;
    const edit = await editReport(reporter, a, { report: report(`Broken. ${STEPS}`, 'Acme Shop 2.3') });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await rowOf(a)).quality.score).toBeGreaterThan(before);
    await expectStoredOrderAgrees();
    // The reporter's account deleted: their reports stay, without a reporter.
    await t.db.execute(sql`delete from users where id = ${reporter.user.id}`);
    await expectStoredOrderAgrees();
  });

  it('refuses an unknown ordering with a 400 naming the field', async () => {
    const res = await coordinator.get('/api/triage/?ordering=score');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('ordering');
  });
});
