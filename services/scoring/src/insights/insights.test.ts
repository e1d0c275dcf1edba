// Insights arithmetic on a known fixture: four real records, scores and 'scored' activity written with
// fixed times, so every figure below is worked out by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { cveRecords, vulActivity, vulEnrichment, vulScores } from '../tables.ts';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { ingestPaths, recordsFolder, requireRecordsDir } from '../../testing/records.ts';

let t: TestApp;
let scorer: TestClient & { user: { id: number } };
let u1: number;
let u2: number;
const [A, B, C, D] = ['CVE-2024-4577', 'CVE-2024-9537', 'CVE-1999-0006', 'CVE-2012-1867'];
/** Two records nobody has taken yet: open in the queue, assigned to no one. */
const [E, F] = ['CVE-2008-10002', 'CVE-2010-3941'];
const at = (s: string) => new Date(s);

/** CISA's words → our keys, and a different key of the same point. */
const OURS: Record<string, Record<string, string>> = {
  E: { none: 'N', poc: 'P', active: 'A' },
  A: { no: 'N', yes: 'Y' },
  TI: { partial: 'P', total: 'T' },
};
const other = (point: string, key: string) => Object.values(OURS[point]).find((k) => k !== key)!;

beforeAll(async () => {
  requireRecordsDir();
  t = await createScoringTestApp();
  await ingestPaths(t.db, [await recordsFolder([A, B, C, D, E, F])]);
  scorer = await t.signIn({ roles: ['scorer'] });
  u1 = scorer.user.id;
  u2 = (await t.createUser({ roles: ['scorer'] })).id;
  const records = await t.db.select({ id: cveRecords.id, cve: cveRecords.cveId }).from(cveRecords);
  const id = Object.fromEntries(records.map((r) => [r.cve, r.id]));
  const cisa = await t.db
    .select({ recordId: vulEnrichment.recordId, value: vulEnrichment.value })
    .from(vulEnrichment)
    .where(and(eq(vulEnrichment.kind, 'ssvc'), eq(vulEnrichment.source, 'adp:CISA-ADP')));
  const cisaOf = (cve: string) => {
    const v = cisa.find((c) => c.recordId === id[cve])!.value; // 'E:poc/A:no/TI:total'
    return Object.fromEntries(
      v.split('/').map((p) => [p.split(':')[0], OURS[p.split(':')[0]][p.split(':')[1]]]),
    );
  };
  const a = cisaOf(A);
  const b = cisaOf(B);
  const c = cisaOf(C);

  // Every record arrived on 2025-01-01 00:00 UTC.
  await t.db.update(cveRecords).set({ createdAt: at('2025-01-01T00:00:00Z'), status: 'scored' });
  await t.db.update(cveRecords).set({ status: 'assigned', assignedTo: u1 }).where(eq(cveRecords.id, id[D]));
  await t.db
    .update(cveRecords)
    .set({ status: 'open' })
    .where(inArray(cveRecords.id, [id[E], id[F]]));

  const score = (
    cve: string,
    values: Record<string, string>,
    outcome: [string, string],
    extra: object,
    when: string,
    by: number,
    table = 'cisa-coordinator',
  ) => ({
    recordId: id[cve],
    ssvcTable: table,
    ssvcTableVersion: '2.0.3',
    ssvcValues: values,
    ssvcOutcome: outcome[0],
    ssvcOutcomeName: outcome[1],
    ...extra,
    scoredBy: by,
    updatedAt: at(when),
  });
  await t.db.insert(vulScores).values([
    // A agrees with CISA on all three points; B differs on Exploitation; C on Automatable and Technical Impact.
    score(
      A,
      { ...a, MWI: 'H' },
      ['AT', 'Attend'],
      { cvss3Vector: 'x', cvss3Score: 7.5, cvss3Severity: 'HIGH' },
      '2025-01-03T08:00:00Z',
      u1,
    ),
    score(
      B,
      { ...b, E: other('E', b.E), MWI: 'L' },
      ['AC', 'Act'],
      {
        cvss4Vector: 'y',
        cvss4Score: 9.3,
        cvss4Severity: 'CRITICAL',
        cvss3Vector: 'z',
        cvss3Score: 8.1,
        cvss3Severity: 'HIGH',
      },
      '2025-01-02T06:00:00Z',
      u2,
    ),
    score(
      C,
      { ...c, A: other('A', c.A), TI: other('TI', c.TI) },
      ['AT', 'Attend'],
      { cvss3Vector: 'w', cvss3Score: 5, cvss3Severity: 'MEDIUM' },
      '2025-01-05T00:00:00Z',
      u1,
    ),
    // D: another table, scored before the range.
    score(
      D,
      { E: 'N' },
      ['D', 'Defer'],
      { cvss3Vector: 'v', cvss3Score: 2, cvss3Severity: 'LOW' },
      '2024-12-31T10:00:00Z',
      u2,
      'supplier',
    ),
  ]);
  await t.db.insert(vulActivity).values([
    { recordId: id[A], actorId: u1, verb: 'scored', at: at('2025-01-02T12:00:00Z') }, // first: 36 h
    { recordId: id[A], actorId: u1, verb: 'scored', at: at('2025-01-03T08:00:00Z') }, // a rescore
    { recordId: id[A], actorId: u1, verb: 'locked', at: at('2025-01-02T11:00:00Z') }, // not a score
    { recordId: id[B], actorId: u2, verb: 'scored', at: at('2025-01-02T06:00:00Z') }, // first: 30 h
    { recordId: id[C], actorId: u1, verb: 'scored', at: at('2025-01-05T00:00:00Z') }, // first: 96 h
    { recordId: id[D], actorId: u2, verb: 'scored', at: at('2024-12-31T10:00:00Z') }, // before the range
  ]);
  expect(
    (
      await t.db
        .select()
        .from(vulScores)
        .where(inArray(vulScores.recordId, Object.values(id)))
    ).length,
  ).toBe(4);
}, 120_000);
afterAll(() => t?.close());

const range = 'start=2025-01-01&end=2025-01-05';

describe('insights', () => {
  it('counts scored records per day, time to score and the queue', async () => {
    const res = await scorer.get(`${S}/api/insights/?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      start: '2025-01-01',
      end: '2025-01-05',
      user: null,
      scored_per_day: [
        { date: '2025-01-01', scored: 0 },
        { date: '2025-01-02', scored: 2 },
        { date: '2025-01-03', scored: 1 },
        { date: '2025-01-04', scored: 0 },
        { date: '2025-01-05', scored: 1 },
      ],
      scored_total: 3,
      // 36, 30 and 96 hours: mean 54, median 36.
      time_to_score: { count: 3, mean_hours: 54, median_hours: 36 },
      // The whole queue: D assigned to u1, E and F open.
      queue: { size: 3, by_status: { scored: 3, assigned: 1, open: 2 }, assigned: null },
    });
    const mine = (await scorer.get(`${S}/api/insights/?${range}&user=${u1}`)).json();
    expect(mine.scored_per_day.map((d: { scored: number }) => d.scored)).toEqual([0, 1, 1, 0, 1]);
    expect(mine.scored_total).toBe(2);
    expect(mine.time_to_score).toEqual({ count: 2, mean_hours: 66, median_hours: 66 });
    // Filtered to a scorer, the queue is still the whole queue (it is shared); D is the one assigned to u1.
    expect(mine.queue).toEqual({ size: 3, by_status: { scored: 3, assigned: 1, open: 2 }, assigned: 1 });
    const theirs = (await scorer.get(`${S}/api/insights/?${range}&user=${u2}`)).json();
    expect(theirs.time_to_score).toEqual({ count: 1, mean_hours: 30, median_hours: 30 });
    expect(theirs.queue).toEqual({ size: 3, by_status: { scored: 3, assigned: 1, open: 2 }, assigned: 0 });
    const empty = (await scorer.get(`${S}/api/insights/?start=2026-01-01&end=2026-01-01`)).json();
    expect(empty.time_to_score).toEqual({ count: 0, mean_hours: null, median_hours: null });
  });

  it('compares our SSVC with CISA’s per decision point', async () => {
    const res = (await scorer.get(`${S}/api/insights/vulnrich/?${range}`)).json();
    expect(res.compared).toBe(3);
    expect(res.points).toEqual([
      { key: 'E', name: 'Exploitation', agree: 2, disagree: 1, agreement: 0.6667 },
      { key: 'A', name: 'Automatable', agree: 2, disagree: 1, agreement: 0.6667 },
      { key: 'TI', name: 'Technical Impact', agree: 2, disagree: 1, agreement: 0.6667 },
    ]);
    expect(res.all_agree).toBe(1);
    const mine = (await scorer.get(`${S}/api/insights/vulnrich/?${range}&user=${u1}`)).json();
    expect(mine.compared).toBe(2);
    expect(mine.points.map((p: { agree: number }) => p.agree)).toEqual([2, 1, 1]);
    expect(mine.points[1].agreement).toBe(0.5);
  });

  it('gives the distribution of decisions and severities', async () => {
    const res = (await scorer.get(`${S}/api/insights/score/?${range}`)).json();
    expect(res).toEqual({
      start: '2025-01-01',
      end: '2025-01-05',
      scored: 3,
      decisions: [
        { table: 'cisa-coordinator', outcome: 'AT', name: 'Attend', count: 2 },
        { table: 'cisa-coordinator', outcome: 'AC', name: 'Act', count: 1 },
      ],
      severities: [
        { version: '3.x', severity: 'HIGH', count: 2 },
        { version: '3.x', severity: 'MEDIUM', count: 1 },
        { version: '4.0', severity: 'CRITICAL', count: 1 },
      ],
    });
    const all = (await scorer.get(`${S}/api/insights/score/?start=2024-12-01&end=2025-01-31`)).json();
    expect(all.scored).toBe(4);
  });

  it('checks its dates and is for scorers and admins only', async () => {
    for (const q of [
      '',
      'start=2025-01-01',
      'start=2025-13-01&end=2025-01-02',
      'start=0000-01-01&end=0000-01-02',
      'start=2025-01-05&end=2025-01-01',
      `${range}&user=abc`,
    ]) {
      const res = await scorer.get(`${S}/api/insights/?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect(
      (await scorer.get(`${S}/api/insights/score/?start=2025-02-30&end=2025-03-01`)).json().errors,
    ).toHaveProperty('start');
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    for (const u of ['/api/insights/', '/api/insights/vulnrich/', '/api/insights/score/'])
      expect((await coordinator.get(`${S}${u}?${range}`)).statusCode).toBe(403);
  });
});
