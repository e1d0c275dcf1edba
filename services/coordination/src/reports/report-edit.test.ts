import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE, reportTitle } from '@cvdp/core';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants, cases, reportRevisions, reports } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { editReport, storedCounts, submitReport } from '../../testing/report-test-helpers.ts';
import { EDIT_FORBIDDEN_MESSAGE, ORIGINAL_FORBIDDEN_MESSAGE } from './messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const original = sampleReportQuestions({}, { pocFileName: 'first.txt' });
const edited = sampleReportQuestions({
  title: 'SQL injection in Acme Shop search',
  vulnerabilities: [
    sampleVulnerability(),
    sampleVulnerability({ description: 'Stored XSS', cwes: ['CWE-79'] }),
  ],
});

/** A reporter's case, plus a vendor whose group takes part in it. */
async function caseWithVendor() {
  const reporter = await t.signIn();
  const res = await submitReport(reporter, {
    report: sampleReportQuestions(),
    poc: { name: 'first.txt', content: 'one' },
  });
  expect(res.statusCode).toBe(201);
  const caseId: number = res.json().id;
  const vendor = await t.signIn();
  const [group] = await t.db
    .insert(groups)
    .values({ name: `Acme ${caseId}` })
    .returning();
  await t.db.insert(groupMembers).values({ groupId: group.id, userId: vendor.user.id });
  await t.db.insert(caseParticipants).values({ caseId, groupId: group.id, role: 'vendor' });
  return { reporter, vendor, caseId };
}

describe('POST /api/case/{id}/report/edit/', () => {
  it('refuses a newly added CWE MITRE prohibits, and keeps one the report already named', async () => {
    const { reporter, caseId } = await caseWithVendor();
    const withCwes = (cwes: string[], title = 'SQL injection in Acme Shop') =>
      sampleReportQuestions({ title, vulnerabilities: [sampleVulnerability({ cwes })] });
    const refused = await editReport(reporter, caseId, { report: withCwes(['CWE-89', 'CWE-1']) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'vulnerabilities.0.cwes': [
        expect.stringMatching(/^CWE-1 cannot be used: .* This CWE has been deprecated/),
      ],
    });
    const [report] = await t.db.select().from(reports).where(eq(reports.caseId, caseId));
    expect(
      await t.db.select().from(reportRevisions).where(eq(reportRevisions.reportId, report.id)),
    ).toHaveLength(0);

    // A report saved with a Prohibited CWE before the rule: editing something else keeps it.
    await t.db
      .update(reports)
      .set({ current: withCwes(['CWE-89', 'CWE-1']) })
      .where(eq(reports.caseId, caseId));
    const kept = await editReport(reporter, caseId, { report: withCwes(['CWE-1'], 'Renamed') });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'Renamed', changed: true });
  });

  it('lets the reporter edit: the working copy changes, the original stays, the replaced copy is kept', async () => {
    const { reporter, vendor, caseId } = await caseWithVendor();
    const res = await editReport(reporter, caseId, { report: edited });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: caseId, changed: true });

    // Everyone who may see the case sees the edited copy, which still names the poc it had.
    const expectedCurrent = sampleReportQuestions(
      {
        title: 'SQL injection in Acme Shop search',
        vulnerabilities: [
          sampleVulnerability(),
          sampleVulnerability({ description: 'Stored XSS', cwes: ['CWE-79'] }),
        ],
      },
      { pocFileName: 'first.txt' },
    );
    for (const who of [reporter, vendor]) {
      const view = await who.get(`/api/cases/${caseId}/`);
      expect(view.statusCode).toBe(200);
      expect(view.json().report).toMatchObject({ report: expectedCurrent, edited: true });
      expect(JSON.stringify(view.json())).not.toContain('"original"');
    }
    const [row] = await t.db.select().from(reports).where(eq(reports.caseId, caseId));
    expect(row.original).toEqual(original);
    const revisions = await t.db.select().from(reportRevisions).where(eq(reportRevisions.reportId, row.id));
    expect(revisions).toMatchObject([{ content: original, editedBy: reporter.user.id }]);

    // A second edit keeps the first edit in the history; the original is still the first submission.
    const third = sampleReportQuestions({ title: 'Third version' });
    expect((await editReport(reporter, caseId, { report: third })).statusCode).toBe(200);
    const history = await t.db
      .select()
      .from(reportRevisions)
      .where(eq(reportRevisions.reportId, row.id))
      .orderBy(asc(reportRevisions.id));
    expect(history.map((r) => reportTitle(r.content))).toEqual([
      'SQL injection in Acme Shop',
      'SQL injection in Acme Shop search',
    ]);
    const [after] = await t.db.select().from(reports).where(eq(reports.caseId, caseId));
    expect(after.original).toEqual(original);
    expect(reportTitle(after.current)).toBe('Third version');
    const log = await t.db.select().from(activity).where(eq(activity.caseId, caseId));
    expect(log.filter((a) => a.verb === 'edited report')).toHaveLength(2);
  });

  it('makes the case follow the report title unless a coordinator renamed the case', async () => {
    const { reporter, caseId } = await caseWithVendor();
    await editReport(reporter, caseId, { report: sampleReportQuestions({ title: 'Renamed by reporter' }) });
    expect((await t.db.select().from(cases).where(eq(cases.id, caseId)))[0].title).toBe(
      'Renamed by reporter',
    );
    await t.db.update(cases).set({ title: 'Coordinator title' }).where(eq(cases.id, caseId));
    await editReport(reporter, caseId, { report: sampleReportQuestions({ title: 'Again by reporter' }) });
    expect((await t.db.select().from(cases).where(eq(cases.id, caseId)))[0].title).toBe('Coordinator title');
  });

  it('adds a new poc as another artifact and names it in the working copy', async () => {
    const { reporter, caseId } = await caseWithVendor();
    const res = await editReport(reporter, caseId, {
      report: edited,
      poc: { name: 'second.txt', content: 'two' },
    });
    expect(res.statusCode).toBe(200);
    const view = (await reporter.get(`/api/cases/${caseId}/`)).json();
    expect(view.report.report).toContainEqual({ question: 'Proof of concept', answer: 'second.txt' });
    const files = (await reporter.get(`/api/case/${caseId}/artifacts/`)).json();
    expect(files.results.map((a: { file_name: string }) => a.file_name).sort()).toEqual([
      'first.txt',
      'second.txt',
    ]);
  });

  it('stores nothing when an edit changes nothing', async () => {
    const { reporter, caseId } = await caseWithVendor();
    const res = await editReport(reporter, caseId, { report: original });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toBe(false);
    const [row] = await t.db.select().from(reports).where(eq(reports.caseId, caseId));
    expect(await t.db.select().from(reportRevisions).where(eq(reportRevisions.reportId, row.id))).toEqual([]);
  });

  it('lets coordinators and admins edit; other participants get 403 and strangers 404, with no file kept', async () => {
    const { vendor, caseId } = await caseWithVendor();
    for (const roles of [['coordinator'], ['admin']]) {
      const staff = await t.signIn({ roles });
      expect((await editReport(staff, caseId, { report: edited })).statusCode).toBe(200);
    }
    const before = await storedCounts(t);
    const poc = { name: 'sneaky.txt', content: 'x' };
    const byVendor = await editReport(vendor, caseId, { report: edited, poc });
    expect(byVendor.statusCode).toBe(403);
    expect(byVendor.json().detail).toBe(EDIT_FORBIDDEN_MESSAGE);
    const stranger = await t.signIn({ roles: ['reporter', 'scorer'] });
    expect((await editReport(stranger, caseId, { report: edited, poc })).statusCode).toBe(404);
    expect((await editReport(stranger, 999_999, { report: edited, poc })).statusCode).toBe(404);
    expect(await storedCounts(t)).toEqual(before);
  });

  it('validates like a submit and changes nothing when the edit is invalid', async () => {
    const { reporter, caseId } = await caseWithVendor();
    const before = await storedCounts(t);
    const res = await editReport(reporter, caseId, {
      report: sampleReportQuestions({ product: '' }),
      poc: { name: 'p.txt', content: 'p' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ product: [REQUIRED_MESSAGE] });
    const big = await editReport(reporter, caseId, {
      report: edited,
      poc: { name: 'big.bin', content: Buffer.alloc(t.config.maxUploadBytes + 1) },
    });
    expect(big.statusCode).toBe(413);
    expect(await storedCounts(t)).toEqual(before);
    const [row] = await t.db.select().from(reports).where(eq(reports.caseId, caseId));
    expect(row.current).toEqual(original);
  });
});

describe('GET /case/{id}/report/original/', () => {
  it('shows coordinators and admins the original; the reporter and participants get 403, strangers 404', async () => {
    const { reporter, vendor, caseId } = await caseWithVendor();
    await editReport(reporter, caseId, { report: edited });
    for (const roles of [['coordinator'], ['admin']]) {
      const staff = await t.signIn({ roles });
      const res = await staff.get(`/case/${caseId}/report/original/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ case: caseId, report: original, edited: true });
      expect(res.json().edits).toHaveLength(1);
      // Staff also see the working copy on the case, and are told they may open the original.
      expect((await staff.get(`/api/cases/${caseId}/`)).json().report).toMatchObject({
        can_view_original: true,
        can_edit: true,
      });
    }
    for (const who of [reporter, vendor]) {
      const res = await who.get(`/case/${caseId}/report/original/`);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(ORIGINAL_FORBIDDEN_MESSAGE);
    }
    expect((await reporter.get(`/api/cases/${caseId}/`)).json().report).toMatchObject({
      can_view_original: false,
      can_edit: true,
    });
    expect((await vendor.get(`/api/cases/${caseId}/`)).json().report).toMatchObject({
      can_view_original: false,
      can_edit: false,
    });
    const stranger = await t.signIn();
    expect((await stranger.get(`/case/${caseId}/report/original/`)).statusCode).toBe(404);
    expect((await t.anonymous().get(`/case/${caseId}/report/original/`)).statusCode).toBe(401);
  });
});
