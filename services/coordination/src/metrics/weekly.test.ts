// GET /api/metrics/weekly/ (issue 28, item 5): the desk's last 12 weeks — reports received, likely duplicates
// shown to staff, merges, the median time to first response, held reports — on fixed rows, then on a real
// flow (two reports, the duplicate looked at by a coordinator and merged); staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WeeklyMetrics } from '@cvdp/core';
import { ManualClock, activity } from '@cvdp/server-kit';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { cases, duplicateFindings, heldReports } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { weekStart } from './weekly.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
const utc = (iso: string) => new Date(`${iso}Z`);
// A Wednesday: the current week starts on Monday 2024-03-11, the first of the 12 on Monday 2023-12-25.
const clock = new ManualClock(utc('2024-03-13T15:00:00'));

async function weekly(client: TestClient = coordinator): Promise<WeeklyMetrics> {
  const res = await client.get('/api/metrics/weekly/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ clock, config: { submitRatePerMinute: 100 } });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  const insert = async (created: string, response?: string) => {
    const [row] = await t.db
      .insert(cases)
      .values({
        title: `Case created ${created}`,
        createdAt: utc(created),
        firstResponseAt: response ? utc(response) : null,
      })
      .returning();
    return row.id;
  };
  // Week of 2024-03-04: three reports, responses after 1 h, 3 h and none; one found, one merged.
  const a = await insert('2024-03-04T00:00:00', '2024-03-04T01:00:00');
  const b = await insert('2024-03-06T10:00:00', '2024-03-06T13:00:00');
  await insert('2024-03-10T23:59:59');
  await t.db.insert(duplicateFindings).values({ caseId: a, suggestions: 2 });
  await t.db
    .insert(activity)
    .values({ caseId: b, verb: 'merged into case', objectType: 'case', objectId: String(b) });
  // A held report counts in its week, released or not (held_reports keeps the row after a release).
  await t.db.insert(heldReports).values({
    caseId: a,
    reason: 'More than 2 reports in a day from one address range.',
    releasedAt: utc('2024-03-05T00:00:00'),
  });
  await t.db
    .insert(heldReports)
    .values({ caseId: b, reason: 'A new account’s third report of its first day.' });
  // Other activity on a case is no merge.
  await t.db.insert(activity).values({ caseId: a, verb: 'closed', objectType: 'case', objectId: String(a) });
  // The first week: one report answered after 30 minutes.
  await insert('2023-12-25T08:00:00', '2023-12-25T08:30:00');
  // Before the first week and after now: not counted.
  await insert('2023-12-24T23:59:59', '2023-12-25T01:00:00');
  await insert('2024-03-18T00:00:00');
});
afterAll(() => t.close());

describe('GET /api/metrics/weekly/', () => {
  it('answers the last 12 weeks, Monday to Sunday (UTC), every week present', async () => {
    const { weeks } = await weekly();
    expect(weeks.map((w) => w.week)).toEqual([
      '2023-12-25', '2024-01-01', '2024-01-08', '2024-01-15', '2024-01-22', '2024-01-29',
      '2024-02-05', '2024-02-12', '2024-02-19', '2024-02-26', '2024-03-04', '2024-03-11',
    ]); // prettier-ignore
    expect(weeks[0]).toEqual({
      week: '2023-12-25',
      received: 1,
      duplicates_found: 0,
      duplicates_merged: 0,
      first_response_median_hours: 0.5,
      held: 0,
    });
    expect(weeks[10]).toEqual({
      week: '2024-03-04',
      received: 3,
      duplicates_found: 1,
      duplicates_merged: 1,
      first_response_median_hours: 2,
      held: 2,
    });
    expect(weeks[5]).toEqual({
      week: '2024-01-29',
      received: 0,
      duplicates_found: 0,
      duplicates_merged: 0,
      first_response_median_hours: null,
      held: 0,
    });
    expect(weeks[11].received).toBe(0);
  });

  it('counts a likely duplicate once a coordinator is shown it (not a reporter), and the merge', async () => {
    clock.set(Date.now());
    const reporter = await t.signIn();
    const report = (title: string) =>
      sampleReportQuestions({
        title,
        vulnerabilities: [
          sampleVulnerability({ description: 'Overflow, see CVE-2024-31337 for the same bug.' }),
        ],
      });
    const first = (await submitReport(reporter, { report: report('Overflow in Acme Shop') })).json().id;
    const second = (await submitReport(reporter, { report: report('Acme Shop overflow again') })).json().id;
    // The reporter sees their own first case as a likely duplicate: that is no finding of the desk.
    expect((await reporter.get(`/api/case/${second}/duplicates/`)).json().results).not.toHaveLength(0);
    expect(await t.db.select().from(duplicateFindings).where(eq(duplicateFindings.caseId, second))).toEqual(
      [],
    );
    expect((await coordinator.get(`/api/case/${second}/duplicates/`)).json().results[0].case).toBe(first);
    await coordinator.get(`/api/case/${second}/duplicates/`);
    const merge = await coordinator.post(`/api/case/${second}/merge/`, { into: first });
    expect(merge.statusCode, merge.body).toBe(200);

    const thisWeek = (await weekly()).weeks.at(-1)!;
    expect(thisWeek.week).toBe(weekStart(clock.now()).toISOString().slice(0, 10));
    expect(thisWeek).toMatchObject({ received: 2, duplicates_found: 1, duplicates_merged: 1, held: 0 });
    // The merge was the second report's first response (the first's too: it gained a report).
    expect(thisWeek.first_response_median_hours).not.toBeNull();
  });

  it('is for staff only', async () => {
    const reporter = await t.signIn();
    expect((await reporter.get('/api/metrics/weekly/')).statusCode).toBe(403);
    expect((await t.anonymous().get('/api/metrics/weekly/')).statusCode).toBe(401);
  });
});
