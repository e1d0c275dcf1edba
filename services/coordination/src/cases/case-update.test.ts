// PATCH /api/cases/{id}/ (status transitions, the resolution rule, owners on activation, activity,
// notifications, first response), GET /api/cases/{id}/ (the full detail, who has seen it), the states and
// metadata calls, and the resolution catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import {
  CLOSE_NEEDS_RESOLUTION,
  type CaseCallerMetadata,
  type CaseDetail,
  type ResolutionOption,
} from '@cvdp/core';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import { caseParticipants, caseUserStates, cases, notifications, resolutionOptions } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let admin: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };
let fixed: ResolutionOption;

const newCase = async () => {
  const res = await submitReport(reporter, { report: sampleReportQuestions() });
  return res.json().id as number;
};
const activityOf = async (caseId: number) =>
  t.db.select().from(activity).where(eq(activity.caseId, caseId)).orderBy(activity.id);
const row = async (caseId: number) => (await t.db.select().from(cases).where(eq(cases.id, caseId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  admin = await t.signIn({ roles: ['admin'], name: 'Ada Admin' });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  const list: ResolutionOption[] = (await coordinator.get('/manage/case/options/resolutions/')).json();
  fixed = list.find((r) => r.name === 'Fixed')!;
});
afterAll(() => t.close());

describe('PATCH /api/cases/{id}/: status', () => {
  it('activates a case: activated time, the coordinator becomes owner, activity, first response, notification', async () => {
    const caseId = await newCase();
    const res = await coordinator.patch(`/api/cases/${caseId}/`, { status: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const detail: CaseDetail = res.json();
    expect(detail).toMatchObject({
      status: 1,
      status_label: 'Active',
      owners: [{ id: coordinator.user.id, name: 'Cora Coordinator' }],
      owner: { id: coordinator.user.id },
      resolution: null,
      closed: null,
    });
    expect(detail.activated).toMatch(/^\d{4}-/);
    const c = await row(caseId);
    expect(c.firstResponseAt).not.toBeNull();
    expect(c.updatedAt.getTime()).toBeGreaterThan(c.createdAt.getTime());
    const log = await activityOf(caseId);
    expect(log.at(-1)).toMatchObject({
      actorId: coordinator.user.id,
      verb: 'activated',
      before: { status: 0 },
      after: { status: 1, owner: coordinator.user.id },
    });
    // The reporter (a participant) is told; the acting coordinator is not.
    const told = await t.db.select().from(notifications).where(eq(notifications.caseId, caseId));
    expect(told.map((n) => [n.userId, n.kind])).toEqual([[reporter.user.id, 'status_changed']]);
    expect(told[0].title).toBe(`Cora Coordinator activated case #${caseId}`);
  });

  it('keeps an existing owner when activating, and the first response is not moved by later changes', async () => {
    const caseId = await newCase();
    const other = await t.createUser({ roles: ['coordinator'] });
    await t.db.insert(caseParticipants).values({ caseId, userId: other.id, role: 'owner' });
    await coordinator.patch(`/api/cases/${caseId}/`, { status: 1 });
    const owners = await t.db
      .select()
      .from(caseParticipants)
      .where(and(eq(caseParticipants.caseId, caseId), eq(caseParticipants.role, 'owner')));
    expect(owners.map((o) => o.userId)).toEqual([other.id]);
    const first = (await row(caseId)).firstResponseAt;
    await coordinator.patch(`/api/cases/${caseId}/`, { title: 'Renamed' });
    expect((await row(caseId)).firstResponseAt).toEqual(first);
  });

  it('closes only with a resolution that exists; reopening clears it; same status changes nothing', async () => {
    const caseId = await newCase();
    await coordinator.patch(`/api/cases/${caseId}/`, { status: 1 });
    const before = await activityOf(caseId);

    const missing = await coordinator.patch(`/api/cases/${caseId}/`, { status: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.resolution).toEqual([CLOSE_NEEDS_RESOLUTION]);
    const unknown = await coordinator.patch(`/api/cases/${caseId}/`, { status: 2, resolution: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('resolution');
    expect((await row(caseId)).status).toBe(1);
    expect(await activityOf(caseId)).toHaveLength(before.length);

    const closed = await coordinator.patch(`/api/cases/${caseId}/`, { status: 2, resolution: fixed.id });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 2, status_label: 'Closed', resolution: fixed });
    expect(closed.json().closed).toMatch(/^\d{4}-/);
    expect((await activityOf(caseId)).at(-1)).toMatchObject({ verb: 'closed', after: { status: 2 } });

    // A closed case: same status is a no-op; it cannot go back to pending.
    const same = await coordinator.patch(`/api/cases/${caseId}/`, { status: 2 });
    expect(same.statusCode).toBe(200);
    const n = (await activityOf(caseId)).length;
    const back = await coordinator.patch(`/api/cases/${caseId}/`, { status: 0 });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toHaveProperty('status');
    expect(await activityOf(caseId)).toHaveLength(n);

    const reopened = await coordinator.patch(`/api/cases/${caseId}/`, { status: 1 });
    expect(reopened.json()).toMatchObject({ status: 1, resolution: null, closed: null });
    expect((await activityOf(caseId)).at(-1)).toMatchObject({
      verb: 'reopened',
      before: { status: 2, resolution: fixed.id },
      after: { status: 1, resolution: null },
    });
  });

  it('closes a pending case directly; an active case cannot return to pending', async () => {
    const caseId = await newCase();
    const res = await coordinator.patch(`/api/cases/${caseId}/`, { status: 2, resolution: fixed.id });
    expect(res.json()).toMatchObject({ status: 2 });
    const other = await newCase();
    await coordinator.patch(`/api/cases/${other}/`, { status: 1 });
    const back = await coordinator.patch(`/api/cases/${other}/`, { status: 0 });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors).toHaveProperty('status');
  });
});

describe('PATCH /api/cases/{id}/: fields and refusals', () => {
  it('changes title, summary, dates and tags with one "updated" activity row holding before and after', async () => {
    const caseId = await newCase();
    const res = await coordinator.patch(`/api/cases/${caseId}/`, {
      title: 'Acme SQLi',
      summary: 'Triage notes',
      due_date: '2030-01-31',
      public_date: null,
      tags: ['web', 'sqli', 'web'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Acme SQLi',
      summary: 'Triage notes',
      due_date: '2030-01-31',
      public_date: null,
      tags: ['web', 'sqli'],
      status: 0,
    });
    const log = await activityOf(caseId);
    expect(log.at(-1)).toMatchObject({
      verb: 'updated',
      before: { title: 'SQL injection in Acme Shop', summary: '', due_date: null, tags: [] },
      after: { title: 'Acme SQLi', summary: 'Triage notes', due_date: '2030-01-31', tags: ['web', 'sqli'] },
    });
    // The same values again change nothing and write nothing.
    const again = await coordinator.patch(`/api/cases/${caseId}/`, {
      title: 'Acme SQLi',
      tags: ['web', 'sqli'],
    });
    expect(again.statusCode).toBe(200);
    expect(await activityOf(caseId)).toHaveLength(log.length);
    // The search index follows the title.
    const found = (await coordinator.get('/api/cases/?query=Acme%20SQLi'))
      .json()
      .results.map((r: { id: number }) => r.id);
    expect(found).toContain(caseId);
  });

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const caseId = await newCase();
    const before = await row(caseId);
    for (const [body, field] of [
      [{ status: 5 }, 'status'],
      [{ status: '1' }, 'status'],
      [{ due_date: '2030-02-30' }, 'due_date'],
      [{ public_date: '31/01/2030' }, 'public_date'],
      [{ title: '' }, 'title'],
      [{ resolution: 'x' }, 'resolution'],
      [{ resolution: fixed.id }, 'resolution'],
      [{ tags: 'web' }, 'tags'],
      [{ owner: 3 }, ''],
    ] as const) {
      const res = await coordinator.patch(`/api/cases/${caseId}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await row(caseId)).toEqual(before);
    expect((await activityOf(caseId)).map((a) => a.verb)).toEqual(['submitted report']);
  });

  it('is staff only: a participant gets 403, a stranger 404, no session 401', async () => {
    const caseId = await newCase();
    expect((await reporter.patch(`/api/cases/${caseId}/`, { status: 1 })).statusCode).toBe(403);
    const stranger = await t.signIn();
    expect((await stranger.patch(`/api/cases/${caseId}/`, { status: 1 })).statusCode).toBe(404);
    expect((await t.anonymous().patch(`/api/cases/${caseId}/`, { status: 1 })).statusCode).toBe(401);
    expect((await row(caseId)).status).toBe(0);
    expect((await admin.patch(`/api/cases/${caseId}/`, { status: 1 })).statusCode).toBe(200);
  });
});

describe('GET /api/cases/{id}/ and the case metadata', () => {
  it('records who has seen the case, and when', async () => {
    const caseId = await newCase();
    const seen = async (userId: number) =>
      (
        await t.db
          .select()
          .from(caseUserStates)
          .where(and(eq(caseUserStates.caseId, caseId), eq(caseUserStates.userId, userId)))
      )[0]?.lastSeenAt;
    expect(await seen(coordinator.user.id)).toBeUndefined();
    await coordinator.get(`/api/cases/${caseId}/`);
    const first = await seen(coordinator.user.id);
    expect(first).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 5));
    await coordinator.get(`/api/cases/${caseId}/`);
    expect((await seen(coordinator.user.id))!.getTime()).toBeGreaterThan(first!.getTime());
    const stranger = await t.signIn();
    expect((await stranger.get(`/api/cases/${caseId}/`)).statusCode).toBe(404);
    expect(await seen(stranger.user.id)).toBeUndefined();
  });

  it('GET /api/case/states/ and /api/case/metadata/ describe the filters; tags come from visible cases only', async () => {
    expect((await reporter.get('/api/case/states/')).json()).toEqual([
      { value: 0, label: 'Pending' },
      { value: 1, label: 'Active' },
      { value: 2, label: 'Closed' },
    ]);
    const mine = await newCase();
    await coordinator.patch(`/api/cases/${mine}/`, { tags: ['visible-tag'] });
    const hidden = (await submitReport(await t.signIn(), { report: sampleReportQuestions() })).json()
      .id as number;
    await coordinator.patch(`/api/cases/${hidden}/`, { tags: ['secret-tag'] });
    const meta = (await reporter.get('/api/case/metadata/')).json();
    expect(meta.states).toHaveLength(3);
    expect(meta.roles).toEqual(['owner', 'coordinator', 'reporter', 'vendor', 'participant', 'observer']);
    expect(meta.resolutions.map((r: ResolutionOption) => r.name)).toContain('Fixed');
    expect(meta.tags).toContain('visible-tag');
    expect(meta.tags).not.toContain('secret-tag');
    expect((await coordinator.get('/api/case/metadata/')).json().tags).toContain('secret-tag');
  });

  it("GET /api/case/{id}/metadata/ gives the caller's role and what the policy lets them do", async () => {
    const caseId = await newCase();
    const [vendor] = await t.db.insert(groups).values({ name: 'Meta Vendor' }).returning();
    const member = await t.signIn();
    await t.db.insert(groupMembers).values({ groupId: vendor.id, userId: member.user.id });
    await t.db.insert(caseParticipants).values({ caseId, groupId: vendor.id, role: 'vendor' });

    const staffMeta: CaseCallerMetadata = (await coordinator.get(`/api/case/${caseId}/metadata/`)).json();
    expect(staffMeta).toMatchObject({ case: caseId, staff: true, role: null, roles: [] });
    expect(Object.values(staffMeta.permissions).every(Boolean)).toBe(true);

    const reporterMeta: CaseCallerMetadata = (await reporter.get(`/api/case/${caseId}/metadata/`)).json();
    expect(reporterMeta).toMatchObject({ staff: false, role: 'reporter', roles: ['reporter'] });
    expect(reporterMeta.permissions).toMatchObject({
      edit_case: false,
      change_status: false,
      manage_participants: false,
      assign: false,
      edit_report: true,
      read_original: false,
      add_report: false,
      view_activity: true,
    });
    const vendorMeta: CaseCallerMetadata = (await member.get(`/api/case/${caseId}/metadata/`)).json();
    expect(vendorMeta).toMatchObject({
      role: 'vendor',
      permissions: { edit_report: false, edit_case: false },
    });
    expect((await (await t.signIn()).get(`/api/case/${caseId}/metadata/`)).statusCode).toBe(404);
  });
});

describe('manage/case/options/resolutions/', () => {
  it('lists the seeded set for staff; admins add one (a duplicate name is a 400) and delete unused ones', async () => {
    const list: ResolutionOption[] = (await coordinator.get('/manage/case/options/resolutions/')).json();
    expect(list.map((r) => r.name)).toEqual([
      'Fixed',
      'Not a vulnerability',
      'Duplicate',
      'No response',
      'Other',
    ]);
    expect((await reporter.get('/manage/case/options/resolutions/')).statusCode).toBe(403);

    expect(
      (await coordinator.post('/manage/case/options/resolutions/', { name: 'Won’t fix' })).statusCode,
    ).toBe(403);
    const created = await admin.post('/manage/case/options/resolutions/', {
      name: 'Won’t fix',
      description: 'Vendor declined',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'Won’t fix',
      description: 'Vendor declined',
    });
    const dup = await admin.post('/manage/case/options/resolutions/', { name: 'fixed' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toHaveProperty('name');
    const empty = await admin.post('/manage/case/options/resolutions/', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('name');

    const id = created.json().id as number;
    expect((await coordinator.delete(`/manage/case/options/resolution/${id}/`)).statusCode).toBe(403);
    expect((await admin.delete(`/manage/case/options/resolution/${id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/manage/case/options/resolution/${id}/`)).statusCode).toBe(404);
    expect((await admin.delete('/manage/case/options/resolution/abc/')).statusCode).toBe(404);
  });

  it('refuses to delete a resolution a closed case uses (409 with the number of cases)', async () => {
    const [dup] = await t.db.select().from(resolutionOptions).where(eq(resolutionOptions.name, 'Duplicate'));
    for (let i = 0; i < 2; i++) {
      const caseId = await newCase();
      await coordinator.patch(`/api/cases/${caseId}/`, { status: 2, resolution: dup.id });
    }
    const res = await admin.delete(`/manage/case/options/resolution/${dup.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('2 closed cases');
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(resolutionOptions)
      .where(eq(resolutionOptions.id, dup.id));
    expect(n).toBe(1);
  });

  it('edits a resolution by id (admin): closed cases show the new name; a duplicate name is a 400; activity before/after', async () => {
    const created = (
      await admin.post('/manage/case/options/resolutions/', { name: 'Patched upstream', description: 'A' })
    ).json<ResolutionOption>();
    const caseId = await newCase();
    await coordinator.patch(`/api/cases/${caseId}/`, { status: 2, resolution: created.id });

    const url = `/manage/case/options/resolution/${created.id}/`;
    expect((await coordinator.patch(url, { name: 'X' })).statusCode).toBe(403);
    const dup = await admin.patch(url, { name: 'FIXED' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ name: ['A resolution with this name exists.'] });
    expect((await admin.patch(url, { colour: 'red' })).statusCode).toBe(400);
    expect((await admin.patch('/manage/case/options/resolution/999999/', { name: 'Y' })).statusCode).toBe(
      404,
    );

    const res = await admin.patch(url, { name: 'Fixed upstream' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, name: 'Fixed upstream', description: 'A' });
    expect((await coordinator.get(`/api/cases/${caseId}/`)).json().resolution).toMatchObject({
      id: created.id,
      name: 'Fixed upstream',
    });
    expect((await admin.patch(url, { description: 'B' })).json()).toMatchObject({ name: 'Fixed upstream' });

    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectType, 'resolution_option'), eq(activity.verb, 'changed resolution')))
      .orderBy(activity.id);
    expect(rows.map((a) => [a.before, a.after])).toEqual([
      [
        { name: 'Patched upstream', description: 'A' },
        { name: 'Fixed upstream', description: 'A' },
      ],
      [
        { name: 'Fixed upstream', description: 'A' },
        { name: 'Fixed upstream', description: 'B' },
      ],
    ]);
  });
});
