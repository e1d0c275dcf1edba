import { afterAll, beforeAll, expect, it } from 'vitest';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers CVSS scores the server computes itself from the stored vectors', async () => {
  const reporter = await t.signIn();
  const report = sampleReportQuestions({
    vulnerabilities: [
      sampleVulnerability({ cvss: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H' }),
      sampleVulnerability({ showCvss: 'No', cvss: '' }),
    ],
  });
  const res = await submitReport(reporter, { report, submissionKey: 'scores-1' });
  expect(res.statusCode).toBe(201);
  const view = (await reporter.get(`/api/cases/${res.json().id}/`)).json();
  expect(view.report.cvss_scores).toEqual([
    {
      vulnerability: 1,
      cvss: expect.objectContaining({
        version: '4.0',
        vectorString: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H',
        // FIRST's rounding trap: 8.549999… must be 8.6.
        baseScore: 8.6,
        baseSeverity: 'HIGH',
        userInteraction: 'PASSIVE',
      }),
    },
  ]);
});
