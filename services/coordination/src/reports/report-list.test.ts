import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { cases } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { editReport, submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/reports/', () => {
  it("lists the signed-in user's own reports, newest first, paged", async () => {
    const reporter = await t.signIn();
    const other = await t.signIn();
    await submitReport(other, { report: sampleReportQuestions({ title: 'Not mine' }) });
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const res = await submitReport(reporter, { report: sampleReportQuestions({ title }) });
      ids.push(res.json().id);
    }
    await t.db.update(cases).set({ status: 1 }).where(eq(cases.id, ids[0]));
    await editReport(reporter, ids[1], { report: sampleReportQuestions({ title: 'Second, edited' }) });

    const page1 = await reporter.get('/api/reports/?page_size=2');
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.count).toBe(3);
    expect(body.previous).toBeNull();
    expect(body.next).toContain('page=2');
    expect(body.results).toMatchObject([
      { case: ids[2], title: 'Third', status: 0 },
      { case: ids[1], title: 'Second, edited', status: 0 },
    ]);
    expect(body.results[1].updated > body.results[1].created).toBe(true);
    const page2 = (await reporter.get('/api/reports/?page_size=2&page=2')).json();
    expect(page2.results).toMatchObject([{ case: ids[0], title: 'First', status: 1 }]);
    expect(page2.next).toBeNull();
  });

  it('is empty for someone without reports, 401 without a session, 400 for a bad page', async () => {
    const nobody = await t.signIn();
    expect((await nobody.get('/api/reports/')).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await t.anonymous().get('/api/reports/')).statusCode).toBe(401);
    expect((await nobody.get('/api/reports/?page=0')).statusCode).toBe(400);
  });
});
