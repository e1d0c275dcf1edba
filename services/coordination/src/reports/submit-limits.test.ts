import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { editReport, storedCounts, submitReport } from '../../testing/report-test-helpers.ts';
import { SUBMIT_RATE_MESSAGE } from './submit-limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { submitRatePerMinute: 3, uploadQuotaBytes: 25 } });
});
afterAll(() => t.close());

const poc = (content: string) => ({ name: 'poc.txt', content });

it('refuses a fourth report in a minute with 429 before storing anything; other users are not affected', async () => {
  const reporter = await t.signIn();
  for (let i = 0; i < 3; i++) {
    const res = await submitReport(reporter, { report: sampleReportQuestions({ title: `R${i}` }) });
    expect(res.statusCode).toBe(201);
  }
  const before = await storedCounts(t);
  const flood = await submitReport(reporter, { report: sampleReportQuestions(), poc: poc('x') });
  expect(flood.statusCode).toBe(429);
  expect(flood.json().detail).toBe(SUBMIT_RATE_MESSAGE);
  expect(await storedCounts(t)).toEqual(before);
  const someoneElse = await t.signIn();
  expect((await submitReport(someoneElse, { report: sampleReportQuestions() })).statusCode).toBe(201);
});

it('counts report edits in the same minute budget', async () => {
  const reporter = await t.signIn();
  const created = await submitReport(reporter, { report: sampleReportQuestions({ title: 'E0' }) });
  const caseId: number = created.json().id;
  expect(
    (await editReport(reporter, caseId, { report: sampleReportQuestions({ title: 'E1' }) })).statusCode,
  ).toBe(200);
  expect(
    (await editReport(reporter, caseId, { report: sampleReportQuestions({ title: 'E2' }) })).statusCode,
  ).toBe(200);
  expect(
    (await editReport(reporter, caseId, { report: sampleReportQuestions({ title: 'E3' }) })).statusCode,
  ).toBe(429);
});

it('refuses a file that would take the user past the stored-bytes quota with 413, keeping nothing', async () => {
  const reporter = await t.signIn();
  expect(
    (await submitReport(reporter, { report: sampleReportQuestions(), poc: poc('0123456789') })).statusCode,
  ).toBe(201);
  const before = await storedCounts(t);
  const over = await submitReport(reporter, {
    report: sampleReportQuestions(),
    poc: poc('0123456789abcdef'),
  });
  expect(over.statusCode).toBe(413);
  expect(over.json().errors.poc[0]).toMatch(/storage quota/);
  expect(await storedCounts(t)).toEqual(before);
  // A report without a file still goes through.
  expect((await submitReport(reporter, { report: sampleReportQuestions() })).statusCode).toBe(201);
});
