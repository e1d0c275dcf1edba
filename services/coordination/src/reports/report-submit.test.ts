import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CWE_LIMIT_MESSAGE,
  DESCRIPTION_REQUIRED_MESSAGE,
  MAX_VULNERABILITIES_MESSAGE,
  MIN_VULNERABILITIES_MESSAGE,
  QUESTION_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  prohibitedCweMessage,
  reportToQuestions,
  type ReportFormValues,
} from '@cvdp/core';
import {
  SAMPLE_CVSS_31_VECTOR,
  sampleReportQuestions,
  sampleReportValues,
  sampleVulnerability,
} from '@cvdp/core/testing/report/test-fixtures';
import { activity } from '@cvdp/server-kit';
import { artifacts, caseParticipants, cases, reports } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { storedCounts, submitReport } from '../../testing/report-test-helpers.ts';
import { INVALID_JSON_MESSAGE, NOT_MULTIPART_MESSAGE } from './report-submission.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/report/', () => {
  it('creates a pending case with the report, the reporter as participant, the poc as artifact and an activity row', async () => {
    const reporter = await t.signIn();
    const before = await storedCounts(t);
    const res = await submitReport(reporter, {
      report: sampleReportQuestions(),
      poc: { name: 'exploit.py', content: 'print("pwned")\n', type: 'text/x-python' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: expect.any(Number), title: 'SQL injection in Acme Shop' });

    const [c] = await t.db.select().from(cases).where(eq(cases.id, body.id));
    expect(c).toMatchObject({ status: 0, title: 'SQL injection in Acme Shop', createdBy: reporter.user.id });
    const [r] = await t.db.select().from(reports).where(eq(reports.caseId, c.id));
    const expected = sampleReportQuestions({}, { pocFileName: 'exploit.py' });
    expect(r.original).toEqual(expected);
    expect(r.current).toEqual(expected);
    expect(r.submittedBy).toBe(reporter.user.id);
    const participants = await t.db.select().from(caseParticipants).where(eq(caseParticipants.caseId, c.id));
    expect(participants).toMatchObject([{ userId: reporter.user.id, role: 'reporter' }]);
    const [a] = await t.db.select().from(artifacts).where(eq(artifacts.caseId, c.id));
    expect(a).toMatchObject({
      fileName: 'exploit.py',
      contentType: 'text/x-python',
      size: 15,
      sha256: createHash('sha256').update('print("pwned")\n').digest('hex'),
      source: 'report',
      uploadedBy: reporter.user.id,
      shared: false,
    });
    const log = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, c.id), eq(activity.verb, 'submitted report')));
    expect(log).toHaveLength(1);
    expect(await storedCounts(t)).toEqual({
      cases: before.cases + 1,
      reports: before.reports + 1,
      artifacts: before.artifacts + 1,
      files: before.files + 1,
    });
  });

  it('accepts a report without a file, and stores it canonically (CWE ids normalised, hidden answers dropped)', async () => {
    const reporter = await t.signIn();
    const values = sampleReportValues({
      disclosure_plans: 'No',
      disclosure_details: 'hidden text',
      vulnerabilities: [sampleVulnerability({ cwes: ['79', 'cwe-89'] })],
    });
    // A client that sends a hidden answer anyway: disclosure details although the plans are No.
    const list = reportToQuestions({ ...values, disclosure_plans: 'Yes' }).map((p) =>
      p.question === 'Do you have plans to disclose this vulnerability?' ? { ...p, answer: 'No' } : p,
    );
    const res = await submitReport(reporter, { report: list });
    expect(res.statusCode).toBe(201);
    const [r] = await t.db.select().from(reports).where(eq(reports.caseId, res.json().id));
    const stored = JSON.stringify(r.current);
    expect(stored).toContain('["CWE-79","CWE-89"]');
    expect(stored).not.toContain('hidden text');
    expect(await t.db.select().from(artifacts).where(eq(artifacts.caseId, res.json().id))).toEqual([]);
  });

  it('names the stored file, not what the client wrote in the list', async () => {
    const reporter = await t.signIn();
    const res = await submitReport(reporter, {
      report: sampleReportQuestions({}, { pocFileName: 'claimed.txt' }),
      poc: { name: '../../etc/\u202Egnp.exe', content: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const [r] = await t.db.select().from(reports).where(eq(reports.caseId, res.json().id));
    expect(r.current).toContainEqual({ question: 'Proof of concept', answer: 'gnp.exe' });
    const noFile = await submitReport(reporter, {
      report: sampleReportQuestions({}, { pocFileName: 'claimed.txt' }),
    });
    const [r2] = await t.db.select().from(reports).where(eq(reports.caseId, noFile.json().id));
    expect(JSON.stringify(r2.current)).not.toContain('claimed.txt');
  });

  describe('refuses incomplete reports with a message per field, and keeps nothing', () => {
    const required: [keyof ReportFormValues, string][] = [
      ['title', 'title'],
      ['product', 'product'],
      ['vendor_contact', 'vendor_contact'],
      ['notified', 'notified'],
      ['disclosure_plans', 'disclosure_plans'],
    ];
    it.each(required)('missing %s → "This field is required."', async (field, key) => {
      const reporter = await t.signIn();
      const before = await storedCounts(t);
      const res = await submitReport(reporter, {
        report: sampleReportQuestions({ [field]: '' }),
        poc: { name: 'poc.txt', content: 'data' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [key]: [REQUIRED_MESSAGE] });
      expect(await storedCounts(t)).toEqual(before);
    });

    it('disclosure details when disclosure plans are Yes', async () => {
      const reporter = await t.signIn();
      const res = await submitReport(reporter, {
        report: sampleReportQuestions({ disclosure_plans: 'Yes' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ disclosure_details: [REQUIRED_MESSAGE] });
    });

    it('a vulnerability without description or disclosed answer, next to a valid one', async () => {
      const reporter = await t.signIn();
      const res = await submitReport(reporter, {
        report: sampleReportQuestions({
          vulnerabilities: [sampleVulnerability(), sampleVulnerability({ description: '', disclosed: '' })],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        'vulnerabilities.1.description': [DESCRIPTION_REQUIRED_MESSAGE],
        'vulnerabilities.1.disclosed': [QUESTION_REQUIRED_MESSAGE],
      });
    });

    it('0 and 21 vulnerabilities', async () => {
      const reporter = await t.signIn();
      const none = await submitReport(reporter, { report: sampleReportQuestions({ vulnerabilities: [] }) });
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual({ vulnerabilities: [MIN_VULNERABILITIES_MESSAGE] });
      const many = Array.from({ length: 21 }, (_, i) => sampleVulnerability({ description: `bug ${i}` }));
      const tooMany = await submitReport(reporter, {
        report: sampleReportQuestions({ vulnerabilities: many }),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().errors).toEqual({ vulnerabilities: [MAX_VULNERABILITIES_MESSAGE] });
      const twenty = await submitReport(reporter, {
        report: sampleReportQuestions({ vulnerabilities: many.slice(0, 20) }),
      });
      expect(twenty.statusCode).toBe(201);
    });

    it('6 CWEs on one vulnerability', async () => {
      const reporter = await t.signIn();
      const cwes = ['CWE-20', 'CWE-79', 'CWE-89', 'CWE-94', 'CWE-287', 'CWE-352'];
      const res = await submitReport(reporter, {
        report: sampleReportQuestions({ vulnerabilities: [sampleVulnerability({ cwes })] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'vulnerabilities.0.cwes': [CWE_LIMIT_MESSAGE] });
      const five = await submitReport(reporter, {
        report: sampleReportQuestions({ vulnerabilities: [sampleVulnerability({ cwes: cwes.slice(0, 5) })] }),
      });
      expect(five.statusCode).toBe(201);
    });

    it('a CWE MITRE prohibits (a category), naming it, with nothing stored; a Discouraged one is taken', async () => {
      const reporter = await t.signIn();
      const before = await storedCounts(t);
      const res = await submitReport(reporter, {
        report: sampleReportQuestions({
          vulnerabilities: [
            sampleVulnerability({ cwes: ['CWE-79'] }),
            sampleVulnerability({ description: 'Second', cwes: ['CWE-89', 'cwe-840'] }),
          ],
        }),
        poc: { name: 'poc.txt', content: 'x' },
      });
      expect(res.statusCode).toBe(400);
      const message = prohibitedCweMessage(
        'CWE-840',
        'This entry is a Category. Using categories for mapping has been discouraged since 2019. Categories are informal organizational groupings of weaknesses that can help CWE users with data aggregation, navigation, and browsing. However, they are not weaknesses in themselves.',
      );
      expect(res.json()).toEqual({ detail: message, errors: { 'vulnerabilities.1.cwes': [message] } });
      expect(message).toMatch(
        /^CWE-840 cannot be used: MITRE prohibits mapping vulnerabilities to it\. This entry/,
      );
      expect(await storedCounts(t)).toEqual(before);
      const discouraged = await submitReport(reporter, {
        report: sampleReportQuestions({ vulnerabilities: [sampleVulnerability({ cwes: ['CWE-20'] })] }),
      });
      expect(discouraged.statusCode).toBe(201);
    });

    it('a CVSS 3.1 vector', async () => {
      const reporter = await t.signIn();
      const res = await submitReport(reporter, {
        report: sampleReportQuestions({
          vulnerabilities: [sampleVulnerability({ cvss: SAMPLE_CVSS_31_VECTOR })],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors['vulnerabilities.0.cvss']).toEqual([
        'invalid CVSS v4.0 vector: only CVSS:4.0/ vectors are accepted, not CVSS:3.1/',
      ]);
    });

    it('malformed, missing or misshapen report JSON, and a body that is not multipart', async () => {
      const reporter = await t.signIn();
      const before = await storedCounts(t);
      const poc = { name: 'poc.txt', content: 'data' };
      const bad = await submitReport(reporter, { rawReport: '[{"question": "Title", ', poc });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ report: [INVALID_JSON_MESSAGE] });
      const missing = await submitReport(reporter, { poc });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ report: [REQUIRED_MESSAGE] });
      const object = await submitReport(reporter, { report: { title: 'not a list' } });
      expect(object.statusCode).toBe(400);
      expect(object.json().errors.report).toHaveLength(1);
      const json = await reporter.post('/api/report/', sampleReportQuestions());
      expect(json.statusCode).toBe(415);
      expect(json.json().detail).toBe(NOT_MULTIPART_MESSAGE);
      expect(await storedCounts(t)).toEqual(before);
    });
  });

  it('refuses an 11 MB proof of concept with 413 and keeps nothing, whatever the order of the parts', async () => {
    const reporter = await t.signIn();
    const before = await storedCounts(t);
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    for (const pocFirst of [false, true]) {
      const res = await submitReport(reporter, {
        report: sampleReportQuestions(),
        poc: { name: 'big.bin', content: big, type: 'application/octet-stream' },
        pocFirst,
        submissionKey: `big-${pocFirst}`,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        detail: 'The file is too large. The limit is 10MB.',
        errors: { poc: ['The file is too large. The limit is 10MB.'] },
      });
      expect(await storedCounts(t)).toEqual(before);
    }
    // The same submission with a file at the limit goes through.
    const ok = await submitReport(reporter, {
      report: sampleReportQuestions(),
      poc: { name: 'limit.bin', content: big.subarray(0, t.config.maxUploadBytes) },
      submissionKey: 'big-false',
    });
    expect(ok.statusCode).toBe(201);
    const [a] = await t.db.select().from(artifacts).where(eq(artifacts.caseId, ok.json().id));
    expect(a.size).toBe(10 * 1024 * 1024);
  });

  it('is idempotent per user and submission key, also for two submits at once', async () => {
    const reporter = await t.signIn();
    const before = await storedCounts(t);
    const parts = {
      report: sampleReportQuestions(),
      submissionKey: 'key-1',
      poc: { name: 'p.txt', content: 'p' },
    };
    const first = await submitReport(reporter, parts);
    const again = await submitReport(reporter, parts);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const [a, b] = await Promise.all([
      submitReport(reporter, { ...parts, submissionKey: 'key-2' }),
      submitReport(reporter, { ...parts, submissionKey: 'key-2' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await storedCounts(t)).toEqual({
      cases: before.cases + 2,
      reports: before.reports + 2,
      artifacts: before.artifacts + 2,
      files: before.files + 2,
    });

    // The key is the user's own: someone else's submit with the same key is a new report.
    const other = await t.signIn();
    const theirs = await submitReport(other, parts);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it('is for signed-in users with the CSRF header only', async () => {
    const visitor = t.anonymous();
    expect((await submitReport(visitor, { report: sampleReportQuestions() })).statusCode).toBe(401);
    const reporter = await t.signIn();
    const { multipartBody } = await import('../../testing/report-test-helpers.ts');
    const { payload, headers } = await multipartBody({ report: sampleReportQuestions() });
    const noCsrf = await reporter.request('POST', '/api/report/', { payload, headers, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('text the database refuses', () => {
  it('answers a NUL character in an answer with 400 and keeps neither the case nor the file', async () => {
    const reporter = await t.signIn();
    const before = await storedCounts(t);
    const res = await submitReport(reporter, {
      report: sampleReportQuestions({ title: 'Null\u0000byte' }),
      poc: { name: 'exploit.py', content: 'print(1)\n' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/cannot be stored/);
    expect(await storedCounts(t)).toEqual(before);
  });
});

describe('refused submits leave nothing behind (issue 15)', () => {
  it('a submission_key with a NUL: 400, and the streamed poc is removed', async () => {
    const reporter = await t.signIn();
    // (A lone surrogate cannot travel in multipart: the browser's UTF-8 encoding makes it U+FFFD.)
    for (const key of ['key\u0000nul']) {
      const before = await storedCounts(t);
      const res = await submitReport(reporter, {
        report: sampleReportQuestions(),
        submissionKey: key,
        poc: { name: 'exploit.py', content: 'print(1)\n' },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().errors).toHaveProperty('submission_key');
      expect(await storedCounts(t)).toEqual(before);
    }
  });

  it('a lone surrogate in an answer: 400 naming the field, nothing stored', async () => {
    const reporter = await t.signIn();
    const before = await storedCounts(t);
    const res = await submitReport(reporter, {
      report: sampleReportQuestions({ title: 'Broken \ud800 text' }),
      poc: { name: 'exploit.py', content: 'print(1)\n' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)[0]).toMatch(/^report/);
    expect(await storedCounts(t)).toEqual(before);
  });

  it('malformed multipart (cut off, no boundary, wrong boundary, garbage): 400, nothing stored', async () => {
    const reporter = await t.signIn();
    const boundary = '----cvdp';
    const bodies: [string, string | Buffer][] = [
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="poc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`,
      ],
      ['multipart/form-data', 'garbage'],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--other\r\nContent-Disposition: form-data; name="report"\r\n\r\n[]\r\n--other--\r\n`,
      ],
      [`multipart/form-data; boundary=${boundary}`, Buffer.from([0, 255, 254, 13, 10, 45, 45])],
    ];
    for (const [type, payload] of bodies) {
      const before = await storedCounts(t);
      const res = await reporter.request('POST', '/api/report/', {
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, `${type} ${String(payload).slice(0, 30)}`).toBe(400);
      expect(await storedCounts(t)).toEqual(before);
    }
  });
});
