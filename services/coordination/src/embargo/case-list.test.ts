// The embargo in the case list (issue 25 item 6): each row's `embargo_ends` (the end of a holding embargo:
// active or revising) and the `embargo_ends_before` filter, through the real HTTP stack; a vendor sees
// only its cases, with or without the filter. The embargoes are written as rows: their state machine is
// tested in embargo.test.ts, this file tests what the list makes of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseListRow, PageOf } from '@cvdp/core';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { coordinationService } from '../app.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { embargoes } from './tables.ts';

let t: TestApp;
let coordinator: TestClient;
let vendor: TestClient & { user: TestUser };
const ids: Record<'soon' | 'later' | 'revising' | 'exited' | 'none' | 'hidden', number> = {
  soon: 0,
  later: 0,
  revising: 0,
  exited: 0,
  none: 0,
  hidden: 0,
};

const list = async (who: TestClient, query = '') => {
  const res = await who.get(`/api/cases/?page_size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PageOf<CaseListRow>>();
};
const endsOf = (page: PageOf<CaseListRow>) =>
  Object.fromEntries(page.results.map((r) => [r.id, r.embargo_ends]));
const idsOf = (page: PageOf<CaseListRow>) => page.results.map((r) => r.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      await app.register(coordinationService, { embargoWorker: false });
    },
  });
  coordinator = await t.signIn({ name: 'Cora Coordinator', roles: ['coordinator'] });
  const reporter = await t.signIn({ name: 'Rita Reporter' });
  vendor = await t.signIn({ name: 'Vera Vendor' });
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
    const res = await submitReport(reporter, { report: sampleReportQuestions({ title: `Case ${key}` }) });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id as number;
    if (key !== 'hidden') {
      const added = await coordinator.post(`/api/case/${ids[key]}/participants/`, {
        names: [vendor.user.email],
        role: 'vendor',
      });
      expect(added.statusCode, added.body).toBe(201);
    }
  }
  await t.db.insert(embargoes).values([
    { caseId: ids.soon, state: 'active', endsAt: new Date('2027-04-01T12:00:00Z') },
    { caseId: ids.later, state: 'active', endsAt: new Date('2027-06-01T12:00:00Z') },
    { caseId: ids.revising, state: 'revising', endsAt: new Date('2027-04-10T08:00:00Z') },
    { caseId: ids.exited, state: 'exited', endsAt: new Date('2027-03-01T12:00:00Z') },
    { caseId: ids.hidden, state: 'active', endsAt: new Date('2027-03-15T12:00:00Z') },
  ]);
});
afterAll(() => t?.close());

describe('GET /api/cases/ and the embargo', () => {
  it("gives each case its holding embargo's end, null when none holds", async () => {
    expect(endsOf(await list(coordinator))).toEqual({
      [ids.soon]: '2027-04-01T12:00:00.000Z',
      [ids.later]: '2027-06-01T12:00:00.000Z',
      [ids.revising]: '2027-04-10T08:00:00.000Z',
      [ids.exited]: null,
      [ids.none]: null,
      [ids.hidden]: '2027-03-15T12:00:00.000Z',
    });
  });

  it('filters by a date (its start, UTC) or an instant, and counts what it filters', async () => {
    const byDate = await list(coordinator, '&embargo_ends_before=2027-04-10');
    expect(idsOf(byDate)).toEqual([ids.soon, ids.hidden].sort((a, b) => a - b));
    expect(byDate.count).toBe(2);
    const byInstant = await list(coordinator, '&embargo_ends_before=2027-04-10T10:00:00%2B02:00');
    expect(idsOf(byInstant)).toEqual([ids.soon, ids.hidden].sort((a, b) => a - b));
    const later = await list(coordinator, '&embargo_ends_before=2027-04-10T08:00:01Z');
    expect(idsOf(later)).toEqual([ids.soon, ids.revising, ids.hidden].sort((a, b) => a - b));
  });

  it('shows a vendor only its cases, filtered or not', async () => {
    const all = await list(vendor);
    expect(idsOf(all)).not.toContain(ids.hidden);
    expect(endsOf(all)[ids.soon]).toBe('2027-04-01T12:00:00.000Z');
    const filtered = await list(vendor, '&embargo_ends_before=2027-05-01');
    expect(idsOf(filtered)).toEqual([ids.soon, ids.revising].sort((a, b) => a - b));
    expect(filtered.count).toBe(2);
  });

  it('refuses a value that is neither a date nor an instant, naming the field', async () => {
    for (const bad of ['tomorrow', '2027-02-30', '2027-04-01T12:00:00']) {
      const res = await coordinator.get(`/api/cases/?embargo_ends_before=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('embargo_ends_before');
    }
  });
});
