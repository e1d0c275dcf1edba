// Bulk triage (POST /api/triage/bulk/): one action on several reports, each in its own transaction, with a
// mix of successes and refusals in one answer — and every reporter told what happened to their report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { BulkTriageAnswer } from '@cvdp/core';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { caseAssignments, cases, reports, resolutionOptions } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { notInTriage } from './bulk.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let other: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };

async function triageCases(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await submitReport(reporter, { report: sampleReportQuestions({ title: `Report ${i}` }) });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return ids;
}

const bulk = async (client: TestClient, body: unknown) => {
  const res = await client.post('/api/triage/bulk/', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkTriageAnswer>();
};
const statusOf = async (ids: number[]) =>
  (
    await t.db
      .select({ id: cases.id, status: cases.status })
      .from(cases)
      .where(inArray(cases.id, ids))
      .orderBy(cases.id)
  ).map((c) => c.status);

beforeAll(async () => {
  t = await createTestApp({ config: { submitRatePerMinute: 100 } });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  other = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn();
});
afterAll(() => t.close());

describe('POST /api/triage/bulk/', () => {
  it('activates the reports still in triage and says why the others were refused', async () => {
    const [a, b, c] = await triageCases(3);
    await coordinator.patch(`/api/cases/${c}/`, { status: 1 });
    const answer = await bulk(coordinator, { action: 'activate', cases: [a, b, c, 999999] });
    expect(answer).toEqual({
      action: 'activate',
      done: 2,
      refused: 2,
      results: [
        { case: a, ok: true, detail: 'Activated.' },
        { case: b, ok: true, detail: 'Activated.' },
        { case: c, ok: false, detail: notInTriage(1) },
        { case: 999999, ok: false, detail: 'Not found.' },
      ],
    });
    expect(await statusOf([a, b, c])).toEqual([1, 1, 1]);
  });

  it('closes with a resolution and tells each reporter the message; a bad resolution refuses each alone', async () => {
    const [a, b] = await triageCases(2);
    const [notAVuln] = await t.db
      .select()
      .from(resolutionOptions)
      .where(eq(resolutionOptions.name, 'Not a vulnerability'));
    const answer = await bulk(coordinator, {
      action: 'close',
      cases: [a, b],
      resolution: notAVuln.id,
      message: 'This is expected behaviour of the product.',
    });
    expect(answer.done).toBe(2);
    expect(await statusOf([a, b])).toEqual([2, 2]);
    const told = (await reporter.get('/api/case/notifications/')).json().results;
    expect(told.filter((n: { case: number }) => n.case === a || n.case === b)).toHaveLength(2);
    expect(told[0].body).toBe('This is expected behaviour of the product.');

    const [d] = await triageCases(1);
    const refused = await bulk(coordinator, { action: 'close', cases: [d], resolution: 424242 });
    expect(refused.results[0]).toMatchObject({ ok: false, detail: 'Unknown resolution.' });
    expect(await statusOf([d])).toEqual([0]);
  });

  it("closes with the administrator's message template, as edited under Email templates", async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const seeded = (await coordinator.get('/api/triage/messages/')).json<{ id: number; name: string }[]>();
    expect(seeded.map((m) => m.name)).toEqual([
      'Not a vulnerability',
      'Already known',
      'Out of scope',
      'Not enough information',
    ]);
    expect((await reporter.get('/api/triage/messages/')).statusCode).toBe(403);
    const known = seeded[1];
    const edited = 'Thanks! This one is already tracked in an open case; we are closing your copy.';
    const patch = await admin.patch(`/manage/email/template/${known.id}/`, { body: edited });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await coordinator.get('/api/triage/messages/')).json()[1]).toEqual({ ...known, body: edited });

    const [a] = await triageCases(1);
    const [other] = await t.db.select().from(resolutionOptions).where(eq(resolutionOptions.name, 'Other'));
    const answer = await bulk(coordinator, {
      action: 'close',
      cases: [a],
      resolution: other.id,
      template: known.id,
    });
    expect(answer.done).toBe(1);
    const told = (await reporter.get('/api/case/notifications/')).json().results;
    expect(told.find((n: { case: number }) => n.case === a).body).toBe(edited);

    // A template that is no bulk close message (a notification template) refuses the call, changing nothing.
    const [b] = await triageCases(1);
    const bad = await coordinator.post('/api/triage/bulk/', {
      action: 'close',
      cases: [b],
      resolution: other.id,
      template: 1,
    });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      400,
      { template: ['No message template with this id.'] },
    ]);
    expect(await statusOf([b])).toEqual([0]);
  });

  it('assigns a coordinator; an unknown role is refused per report', async () => {
    const [a, b] = await triageCases(2);
    const answer = await bulk(coordinator, { action: 'assign', cases: [a, b], user: other.user.id });
    expect(answer.results.map((r) => r.detail)).toEqual([
      expect.stringMatching(/^Assigned to /),
      expect.stringMatching(/^Assigned to /),
    ]);
    const rows = await t.db
      .select()
      .from(caseAssignments)
      .where(inArray(caseAssignments.caseId, [a, b]));
    expect(rows.map((r) => r.userId)).toEqual([other.user.id, other.user.id]);
    const byRole = await bulk(coordinator, { action: 'assign', cases: [a], role: 'nobody' });
    expect(byRole).toMatchObject({ done: 0, refused: 1 });
  });

  it('merges several reports into one case; the target itself is refused', async () => {
    const [target, a, b] = await triageCases(3);
    const answer = await bulk(coordinator, { action: 'merge', cases: [a, b, target], into: target });
    expect(answer.results).toEqual([
      { case: a, ok: true, detail: `Merged into case #${target}.` },
      { case: b, ok: true, detail: `Merged into case #${target}.` },
      { case: target, ok: false, detail: 'A report cannot be merged into its own case.' },
    ]);
    expect(await t.db.select().from(reports).where(eq(reports.caseId, target))).toHaveLength(3);
    expect(await statusOf([target, a, b])).toEqual([0, 2, 2]);
  });

  it('is staff only, and names the missing field of an action (400)', async () => {
    const [a] = await triageCases(1);
    expect((await reporter.post('/api/triage/bulk/', { action: 'activate', cases: [a] })).statusCode).toBe(
      403,
    );
    const noInto = await coordinator.post('/api/triage/bulk/', { action: 'merge', cases: [a] });
    expect(noInto.statusCode).toBe(400);
    expect(noInto.json().errors).toHaveProperty('into');
    const none = await coordinator.post('/api/triage/bulk/', { action: 'activate', cases: [] });
    expect(none.statusCode).toBe(400);
    expect(await statusOf([a])).toEqual([0]);
  });
});
