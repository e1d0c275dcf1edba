// More reports on a case: GET /report/add/case/{id}/ (the empty form) and POST /report/case/{id}/add/
// (staff attach another report: intake's validation, limits and file handling; the first report stays).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPORT_QUESTIONS, type AddReportForm } from '@cvdp/core';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { activity } from '@cvdp/server-kit';
import { artifacts, cases, reports } from '../tables.ts';
import { SUBMISSION_KEY_OF_ANOTHER_CASE } from './add-report-routes.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { postReport, storedCounts, submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };
let caseId = 0;

beforeAll(async () => {
  t = await createTestApp({ config: { maxUploadBytes: 1000 } });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn();
  caseId = (await submitReport(reporter, { report: sampleReportQuestions() })).json().id;
});
afterAll(() => t.close());

const addUrl = (id: number) => `/report/case/${id}/add/`;

describe('GET /report/add/case/{id}/', () => {
  it('describes the empty form to staff: the question wording and the upload limit', async () => {
    const res = await coordinator.get(`/report/add/case/${caseId}/`);
    expect(res.statusCode).toBe(200);
    const form: AddReportForm = res.json();
    expect(form).toMatchObject({
      case: caseId,
      case_title: 'SQL injection in Acme Shop',
      poc_question: 'Proof of concept',
      vulnerabilities_question: 'Describe the vulnerabilities',
      max_upload_bytes: 1000,
    });
    expect(form.questions).toEqual(REPORT_QUESTIONS);
    expect(form.vulnerability_questions.cvss).toBe('CVSS v4.0 vector');
    expect((await reporter.get(`/report/add/case/${caseId}/`)).statusCode).toBe(403);
    expect((await (await t.signIn()).get(`/report/add/case/${caseId}/`)).statusCode).toBe(404);
    expect((await coordinator.get('/report/add/case/999999/')).statusCode).toBe(404);
  });
});

describe('POST /report/case/{id}/add/', () => {
  it('attaches another report with its file; the case keeps its first report and title', async () => {
    const res = await postReport(coordinator, addUrl(caseId), {
      report: sampleReportQuestions({ title: 'Second finding: stored XSS', product: 'Acme Shop 2.4' }),
      poc: { name: 'xss.html', content: '<script>1</script>' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: caseId, case: caseId, title: 'Second finding: stored XSS' });
    const rows = await t.db.select().from(reports).where(eq(reports.caseId, caseId)).orderBy(reports.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ id: res.json().report, submittedBy: coordinator.user.id });

    const detail = (await coordinator.get(`/api/cases/${caseId}/`)).json();
    expect(detail.title).toBe('SQL injection in Acme Shop');
    expect(detail.report.id).toBe(rows[0].id);
    const [c] = await t.db.select().from(cases).where(eq(cases.id, caseId));
    expect(c.firstResponseAt).not.toBeNull();

    const files = await t.db.select().from(artifacts).where(eq(artifacts.caseId, caseId));
    expect(files.map((f) => [f.fileName, f.source, f.uploadedBy])).toEqual([
      ['xss.html', 'report', coordinator.user.id],
    ]);
    const log = await t.db.select().from(activity).where(eq(activity.caseId, caseId)).orderBy(activity.id);
    expect(log.at(-1)).toMatchObject({ verb: 'added report', objectId: String(res.json().report) });
    // Its answers are searchable in the case.
    const hits = (await coordinator.get('/api/search/?query=stored%20XSS')).json().results;
    expect(hits.map((h: { case: number; type: string }) => [h.case, h.type])).toContainEqual([
      caseId,
      'report',
    ]);
  });

  it('a repeated submission key answers the first report and adds nothing', async () => {
    const parts = { report: sampleReportQuestions({ title: 'Once' }), submissionKey: 'add-once' };
    const first = await postReport(coordinator, addUrl(caseId), parts);
    expect(first.statusCode).toBe(201);
    const before = await storedCounts(t);
    const again = await postReport(coordinator, addUrl(caseId), parts);
    expect(again.statusCode).toBe(200);
    expect(again.json().report).toBe(first.json().report);
    expect(await storedCounts(t)).toEqual(before);
  });

  it('two adds at once with one key make one report; the key on another case is refused; no file stays behind', async () => {
    const parts = {
      report: sampleReportQuestions({ title: 'Raced' }),
      submissionKey: 'add-raced',
      poc: { name: 'raced.txt', content: 'r' },
    };
    const before = await storedCounts(t);
    const [a, b] = await Promise.all([
      postReport(coordinator, addUrl(caseId), parts),
      postReport(coordinator, addUrl(caseId), parts),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ id: caseId, case: caseId, title: 'Raced' });
    const once = {
      ...before,
      reports: before.reports + 1,
      artifacts: before.artifacts + 1,
      files: before.files + 1,
    };
    expect(await storedCounts(t)).toEqual(once);

    // The same key sent for another case answers neither case's report.
    const otherCase = (await submitReport(reporter, { report: sampleReportQuestions() })).json().id;
    const afterOther = await storedCounts(t);
    const elsewhere = await postReport(coordinator, addUrl(otherCase), parts);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toEqual({ submission_key: [SUBMISSION_KEY_OF_ANOTHER_CASE] });
    expect(await storedCounts(t)).toEqual(afterOther);
  });

  it('refuses participants, strangers, bad reports, files too large and non-multipart bodies, storing nothing', async () => {
    const before = await storedCounts(t);
    const good = { report: sampleReportQuestions(), poc: { name: 'a.txt', content: 'x' } };
    expect((await postReport(reporter, addUrl(caseId), good)).statusCode).toBe(403);
    expect((await postReport(await t.signIn(), addUrl(caseId), good)).statusCode).toBe(404);
    expect((await postReport(coordinator, addUrl(999999), good)).statusCode).toBe(404);
    const incomplete = await postReport(coordinator, addUrl(caseId), {
      report: sampleReportQuestions({ title: '' }),
      poc: { name: 'a.txt', content: 'x' },
    });
    expect(incomplete.statusCode).toBe(400);
    const notJson = await postReport(coordinator, addUrl(caseId), { rawReport: '{' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors).toHaveProperty('report');
    const big = await postReport(coordinator, addUrl(caseId), {
      report: sampleReportQuestions(),
      poc: { name: 'big.bin', content: Buffer.alloc(2000) },
    });
    expect(big.statusCode).toBe(413);
    expect((await coordinator.post(addUrl(caseId), { report: [] })).statusCode).toBe(415);
    expect(await storedCounts(t)).toEqual(before);
  });

  it('counts toward the submit rate limit like intake', async () => {
    const limited = await createTestApp({ config: { submitRatePerMinute: 1 } });
    try {
      const staff = await limited.signIn({ roles: ['coordinator'] });
      const author = await limited.signIn();
      const id = (await submitReport(author, { report: sampleReportQuestions() })).json().id;
      expect((await postReport(staff, addUrl(id), { report: sampleReportQuestions() })).statusCode).toBe(201);
      expect((await postReport(staff, addUrl(id), { report: sampleReportQuestions() })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
