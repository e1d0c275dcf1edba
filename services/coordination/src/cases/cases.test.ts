import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/cases/{id}/ and who may see a case', () => {
  it('shows the case and its working copy to staff, the reporter and participants (directly or through a group)', async () => {
    const reporter = await t.signIn({ name: 'Rita Reporter' });
    const res = await submitReport(reporter, { report: sampleReportQuestions() });
    const caseId: number = res.json().id;

    const direct = await t.signIn();
    await t.db.insert(caseParticipants).values({ caseId, userId: direct.user.id, role: 'observer' });
    const member = await t.signIn();
    const [group] = await t.db.insert(groups).values({ name: 'Vendor Inc' }).returning();
    await t.db.insert(groupMembers).values({ groupId: group.id, userId: member.user.id });
    await t.db.insert(caseParticipants).values({ caseId, groupId: group.id, role: 'vendor' });
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    const admin = await t.signIn({ roles: ['admin'] });

    for (const who of [reporter, direct, member, coordinator, admin]) {
      const view = await who.get(`/api/cases/${caseId}/`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({
        id: caseId,
        title: 'SQL injection in Acme Shop',
        status: 0,
        owner: null,
        created_by: { id: reporter.user.id, name: 'Rita Reporter' },
        report: { report: sampleReportQuestions(), edited: false, submitted_by: { id: reporter.user.id } },
      });
    }
  });

  it('answers 404 to strangers, scorers and unknown or impossible ids, 401 without a session', async () => {
    const reporter = await t.signIn();
    const caseId: number = (await submitReport(reporter, { report: sampleReportQuestions() })).json().id;
    for (const roles of [['reporter'], ['scorer']]) {
      const stranger = await t.signIn({ roles });
      const res = await stranger.get(`/api/cases/${caseId}/`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Acme');
    }
    // A group the stranger belongs to that does not take part in the case opens nothing.
    const outsider = await t.signIn();
    const [group] = await t.db.insert(groups).values({ name: 'Unrelated Ltd' }).returning();
    await t.db.insert(groupMembers).values({ groupId: group.id, userId: outsider.user.id });
    expect((await outsider.get(`/api/cases/${caseId}/`)).statusCode).toBe(404);

    const coordinator = await t.signIn({ roles: ['coordinator'] });
    for (const id of ['999999', 'abc', '0', '-1', '99999999999', '1.5']) {
      expect((await coordinator.get(`/api/cases/${id}/`)).statusCode).toBe(404);
    }
    expect((await t.anonymous().get(`/api/cases/${caseId}/`)).statusCode).toBe(401);
  });
});
