// Vulnerabilities of a case (issue 11): create/list/edit/delete with local ids and labels, CWEs checked
// against the catalogue, CVE ids unique across the instance, CVSS per version scored by the server, SSVC
// decisions with their history, "create from report", who may do what, and the activity of each change.
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CVE_TAKEN_MESSAGE,
  type CvssScore,
  type SsvcDecisionView,
  UNKNOWN_CWE_MESSAGE,
  type Vulnerability,
  type VulsFromReport,
  reportToQuestions,
} from '@cvdp/core';
import { SSVC_UNKNOWN_TABLE_MESSAGE } from '@cvdp/core/ssvc/index';
import { sampleReportValues, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { activity, groupMembers, groups } from '@cvdp/server-kit';
import {
  caseParticipants,
  cases,
  reports,
  vulCvssScores,
  vulSsvcDecisions,
  vulnerabilities,
} from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { NO_CVSS_SCORE, NO_SSVC_DECISION, VUL_EDIT_FORBIDDEN } from './routes.ts';
import { CASE_HAS_NO_REPORT } from './store.ts';

type Client = TestClient & { user: TestUser };

let t: TestApp;
let coordinator: Client;
let reporter: Client;
let vendor: Client;
let outsider: Client;

const V40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
const V31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N';
/** CISA coordinator table: exploitation active, automatable yes, technical impact total, mission & well-being high → Act. */
const CISA_ACT = { E: 'A', A: 'Y', TI: 'T', MWI: 'H' };

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  vendor = await t.signIn({ name: 'Vic Vendor' });
  outsider = await t.signIn({ name: 'Olga Outsider' });
});
afterAll(() => t.close());

/** A case reported by `reporter` (with a report of the given vulnerabilities), with a vendor group taking part. */
async function newCase(reportVulns = [sampleVulnerability()]) {
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Router overflow', status: 1, createdBy: reporter.user.id })
    .returning();
  const list = reportToQuestions(sampleReportValues({ vulnerabilities: reportVulns }));
  await t.db.insert(reports).values({
    caseId: c.id,
    submittedBy: reporter.user.id,
    original: list,
    current: list,
  });
  const [group] = await t.db
    .insert(groups)
    .values({ name: `Vendor of case ${c.id}`, kind: 'vendor' })
    .returning();
  await t.db.insert(groupMembers).values({ groupId: group.id, userId: vendor.user.id });
  await t.db.insert(caseParticipants).values([
    { caseId: c.id, userId: reporter.user.id, role: 'reporter' },
    { caseId: c.id, groupId: group.id, role: 'vendor' },
  ]);
  return c.id;
}

async function createVul(caseId: number, body: Record<string, unknown> = {}): Promise<Vulnerability> {
  const res = await coordinator.post(`/api/case/${caseId}/vuls/`, { description: 'Overflow', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Vulnerability>();
}

async function list(who: TestClient, caseId: number) {
  const res = await who.get(`/api/case/${caseId}/vuls/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; results: Vulnerability[] }>();
}

async function vulRow(id: number) {
  const [row] = await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, id));
  return row;
}

async function activityOf(vulId: number) {
  return t.db
    .select()
    .from(activity)
    .where(and(eq(activity.objectType, 'vul'), eq(activity.objectId, String(vulId))))
    .orderBy(activity.id);
}

async function caseUpdatedAt(caseId: number) {
  const [c] = await t.db.select({ at: cases.updatedAt }).from(cases).where(eq(cases.id, caseId));
  return c.at.getTime();
}

describe('vulnerabilities of a case', () => {
  let caseId: number;
  beforeAll(async () => {
    caseId = await newCase();
  });

  it('staff create them numbered 1, 2, … per case, with a label; every participant reads them', async () => {
    const before = await caseUpdatedAt(caseId);
    const first = await createVul(caseId, {
      title: '  Heap overflow  ',
      description: 'A long header overflows the buffer.',
      cwes: ['787', 'cwe-120', 'CWE-787'],
      cve: ' cve-2025-10001 ',
      references: ['https://example.com/advisory'],
      tags: ['router'],
    });
    expect(first).toMatchObject({
      case: caseId,
      local_id: 1,
      label: `VU#${caseId}.1`,
      title: 'Heap overflow',
      description: 'A long header overflows the buffer.',
      cwes: ['CWE-787', 'CWE-120'],
      cve: 'CVE-2025-10001',
      references: ['https://example.com/advisory'],
      tags: ['router'],
      cvss_scores: [],
      ssvc: null,
      created_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
    });
    expect(first.cwe_names['CWE-787']).toBe('Out-of-bounds Write');
    expect(first.cwe_names['CWE-120']).toMatch(/Buffer Copy without Checking Size of Input/);
    expect(await caseUpdatedAt(caseId)).toBeGreaterThanOrEqual(before);
    const second = await createVul(caseId, { description: 'Second' });
    expect(second).toMatchObject({ local_id: 2, label: `VU#${caseId}.2`, title: '', cve: null, cwes: [] });

    // Another case numbers its own from 1.
    const other = await newCase();
    expect((await createVul(other)).local_id).toBe(1);

    for (const who of [coordinator, reporter, vendor]) {
      const page = await list(who, caseId);
      expect(page.count).toBe(2);
      expect(page.results.map((v) => v.local_id)).toEqual([1, 2]);
      const one = await who.get(`/api/vul/${first.id}/`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(first);
    }
    expect((await outsider.get(`/api/case/${caseId}/vuls/`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/vul/${first.id}/`)).statusCode).toBe(404);
    expect((await coordinator.get('/api/vul/2000000000/')).statusCode).toBe(404);
    expect((await t.anonymous().get(`/api/vul/${first.id}/`)).statusCode).toBe(401);

    const log = await activityOf(first.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ caseId, actorId: coordinator.user.id, verb: 'created' });
    expect(log[0].after).toMatchObject({ label: `VU#${caseId}.1`, cve: 'CVE-2025-10001' });
    // Participants read the vulnerability's activity (they read the vulnerability itself).
    const seen = await vendor.get(`/api/case/${caseId}/activity/`);
    expect(seen.json<{ results: { object_type: string }[] }>().results.map((r) => r.object_type)).toContain(
      'vul',
    );
  });

  it('never reuses a local id: after a delete the next is max + 1', async () => {
    const c = await newCase();
    const a = await createVul(c);
    const b = await createVul(c);
    expect((await coordinator.delete(`/api/vul/${b.id}/`)).statusCode).toBe(204);
    expect((await createVul(c)).local_id).toBe(2);
    expect((await coordinator.delete(`/api/vul/${a.id}/`)).statusCode).toBe(204);
    expect((await createVul(c)).local_id).toBe(3);
  });

  it('hands out distinct local ids to concurrent creates', async () => {
    const c = await newCase();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        coordinator.post(`/api/case/${c}/vuls/`, { description: `Concurrent ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(results.map((r) => r.json<Vulnerability>().local_id).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses six CWEs, an unknown CWE, a taken CVE id (any case): 400 naming the field, nothing stored', async () => {
    const stored = async () => (await list(coordinator, caseId)).count;
    const n = await stored();
    const six = await coordinator.post(`/api/case/${caseId}/vuls/`, {
      description: 'x',
      cwes: ['CWE-79', 'CWE-89', 'CWE-20', 'CWE-22', 'CWE-78', 'CWE-94'],
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().errors).toEqual({ cwes: ['Max limit of 5 CWEs'] });
    const unknown = await coordinator.post(`/api/case/${caseId}/vuls/`, {
      description: 'x',
      cwes: ['CWE-79', 'CWE-999999'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: UNKNOWN_CWE_MESSAGE, errors: { cwes: [UNKNOWN_CWE_MESSAGE] } });
    const notCwe = await coordinator.post(`/api/case/${caseId}/vuls/`, { description: 'x', cwes: ['XSS'] });
    expect(notCwe.statusCode).toBe(400);
    expect(Object.keys(notCwe.json().errors)[0]).toMatch(/^cwes/);
    for (const cve of ['CVE-2025-10001', 'cve-2025-10001']) {
      const taken = await coordinator.post(`/api/case/${caseId}/vuls/`, { description: 'x', cve });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toEqual({ cve: [CVE_TAKEN_MESSAGE] });
    }
    // Taken in another case too: the id is unique across the instance.
    const elsewhere = await newCase();
    const there = await coordinator.post(`/api/case/${elsewhere}/vuls/`, {
      description: 'x',
      cve: 'CVE-2025-10001',
    });
    expect(there.statusCode).toBe(400);
    const badCve = await coordinator.post(`/api/case/${caseId}/vuls/`, { description: 'x', cve: 'CVE-25-1' });
    expect(badCve.statusCode).toBe(400);
    expect(Object.keys(badCve.json().errors)).toEqual(['cve']);
    expect(await stored()).toBe(n);
    expect((await list(coordinator, elsewhere)).count).toBe(0);
  });

  it('refuses a newly added CWE MITRE prohibits, naming it; keeps one the vulnerability already held', async () => {
    const n = (await list(coordinator, caseId)).count;
    const refused = await coordinator.post(`/api/case/${caseId}/vuls/`, {
      description: 'x',
      cwes: ['CWE-79', 'CWE-1003'],
    });
    expect(refused.statusCode).toBe(400);
    const [message] = refused.json().errors.cwes;
    expect(message).toMatch(/^CWE-1003 cannot be used: MITRE prohibits .* This entry is a View\./);
    expect(refused.json()).toEqual({ detail: message, errors: { cwes: [message] } });
    expect((await list(coordinator, caseId)).count).toBe(n);
    // Discouraged is the reporter's informed choice, not a refusal.
    const v = await createVul(caseId, { cwes: ['CWE-20'] });
    const added = await coordinator.patch(`/api/vul/${v.id}/`, { cwes: ['CWE-20', 'CWE-16'] });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors.cwes).toEqual([expect.stringMatching(/^CWE-16 cannot be used/)]);
    // Saved before the rule (or re-classified by a newer release): another change keeps it.
    await t.db
      .update(vulnerabilities)
      .set({ cwes: [20, 16] })
      .where(eq(vulnerabilities.id, v.id));
    const kept = await coordinator.patch(`/api/vul/${v.id}/`, { cwes: ['CWE-16', 'CWE-79'] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await vulRow(v.id)).cwes).toEqual([16, 79]);
  });

  it('staff edit a vulnerability: changed fields only in the activity, same checks as create', async () => {
    const v = await createVul(caseId, { description: 'Before', cwes: ['CWE-79'] });
    const res = await coordinator.patch(`/api/vul/${v.id}/`, {
      title: 'Stored XSS',
      cwes: ['CWE-79', 'CWE-80'],
      cve: 'cve-2025-10002',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Vulnerability>();
    expect(edited).toMatchObject({
      title: 'Stored XSS',
      description: 'Before',
      cwes: ['CWE-79', 'CWE-80'],
      cve: 'CVE-2025-10002',
      local_id: v.local_id,
    });
    expect(Date.parse(edited.modified)).toBeGreaterThanOrEqual(Date.parse(v.modified));
    const log = await activityOf(v.id);
    expect(log.map((r) => r.verb)).toEqual(['created', 'edited']);
    expect(log[1].before).toEqual({ title: '', cwes: ['CWE-79'], cve: null });
    expect(log[1].after).toEqual({ title: 'Stored XSS', cwes: ['CWE-79', 'CWE-80'], cve: 'CVE-2025-10002' });
    // Nothing changed: no activity row.
    expect((await coordinator.patch(`/api/vul/${v.id}/`, { title: 'Stored XSS' })).statusCode).toBe(200);
    expect(await activityOf(v.id)).toHaveLength(2);

    for (const [body, field] of [
      [{ cwes: ['CWE-1', 'CWE-2', 'CWE-3', 'CWE-4', 'CWE-5', 'CWE-6'] }, 'cwes'],
      [{ cwes: ['CWE-999998'] }, 'cwes'],
      [{ cve: 'CVE-2025-10001' }, 'cve'],
      [{ description: '   ' }, 'description'],
    ] as const) {
      const refused = await coordinator.patch(`/api/vul/${v.id}/`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual([field]);
    }
    expect(await vulRow(v.id)).toMatchObject({ title: 'Stored XSS', cwes: [79, 80], cve: 'CVE-2025-10002' });
    // Clearing the CVE frees it.
    expect((await coordinator.patch(`/api/vul/${v.id}/`, { cve: '' })).json().cve).toBeNull();
    expect((await createVul(caseId, { cve: 'CVE-2025-10002' })).cve).toBe('CVE-2025-10002');
  });

  it('participants and strangers change nothing: 403 in a case they see, 404 otherwise', async () => {
    const v = await createVul(caseId, { description: 'Guarded' });
    const count0 = (await list(coordinator, caseId)).count;
    for (const who of [reporter, vendor]) {
      const create = await who.post(`/api/case/${caseId}/vuls/`, { description: 'mine' });
      expect(create.statusCode).toBe(403);
      expect(create.json().detail).toBe(VUL_EDIT_FORBIDDEN);
      expect((await who.patch(`/api/vul/${v.id}/`, { title: 'mine' })).statusCode).toBe(403);
      expect((await who.delete(`/api/vul/${v.id}/`)).statusCode).toBe(403);
      expect((await who.post(`/api/case/vul/${v.id}/cvss/`, { vector: V40 })).statusCode).toBe(403);
      expect((await who.patch(`/api/case/vul/${v.id}/cvss/`, { vector: V40 })).statusCode).toBe(403);
      expect((await who.delete(`/api/case/vul/${v.id}/cvss/v4.0/`)).statusCode).toBe(403);
      const body = { table: 'cisa-coordinator', values: CISA_ACT };
      expect((await who.post(`/api/case/vul/${v.id}/ssvc/`, body)).statusCode).toBe(403);
      expect((await who.patch(`/api/case/vul/${v.id}/ssvc/`, body)).statusCode).toBe(403);
      expect((await who.delete(`/api/case/vul/${v.id}/ssvc/`)).statusCode).toBe(403);
      expect((await who.post(`/api/case/${caseId}/vuls/from-report/`)).statusCode).toBe(403);
    }
    expect((await outsider.patch(`/api/vul/${v.id}/`, { title: 'mine' })).statusCode).toBe(404);
    expect((await outsider.post(`/api/case/vul/${v.id}/cvss/`, { vector: V40 })).statusCode).toBe(404);
    expect((await outsider.post(`/api/case/${caseId}/vuls/`, { description: 'x' })).statusCode).toBe(404);
    expect(await vulRow(v.id)).toMatchObject({ title: '', description: 'Guarded', ssvcDecisionId: null });
    expect((await list(coordinator, caseId)).count).toBe(count0);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(vulCvssScores)
      .where(eq(vulCvssScores.vulId, v.id));
    expect(n).toBe(0);
    expect(await activityOf(v.id)).toHaveLength(1);
  });

  it('deleting a vulnerability removes its scores and decisions and is logged', async () => {
    const v = await createVul(caseId, { description: 'Doomed' });
    expect((await coordinator.post(`/api/case/vul/${v.id}/cvss/`, { vector: V40 })).statusCode).toBe(201);
    expect(
      (await coordinator.post(`/api/case/vul/${v.id}/ssvc/`, { table: 'cisa-coordinator', values: CISA_ACT }))
        .statusCode,
    ).toBe(201);
    expect((await coordinator.delete(`/api/vul/${v.id}/`)).statusCode).toBe(204);
    expect((await coordinator.get(`/api/vul/${v.id}/`)).statusCode).toBe(404);
    expect(await vulRow(v.id)).toBeUndefined();
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(vulSsvcDecisions)
      .where(eq(vulSsvcDecisions.vulId, v.id));
    expect(n).toBe(0);
    expect((await activityOf(v.id)).map((r) => r.verb)).toEqual([
      'created',
      'scored CVSS',
      'decided SSVC',
      'deleted',
    ]);
  });
});

describe('CVSS by version', () => {
  let caseId: number;
  let vul: Vulnerability;
  beforeAll(async () => {
    caseId = await newCase();
    vul = await createVul(caseId);
  });

  const scores = async (who: TestClient = coordinator) => {
    const res = await who.get(`/api/case/vul/${vul.id}/cvss/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: CvssScore[] }>().results;
  };

  it('scores 4.0 and 3.1 vectors itself, one coordinator score per version; a sent score is ignored', async () => {
    const res = await coordinator.post(`/api/case/vul/${vul.id}/cvss/`, { vector: V40, score: 1.0 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      version: '4.0',
      vector: V40,
      score: 9.3,
      severity: 'Critical',
      source: 'coordinator',
      scored_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
    });
    const v31 = await coordinator.patch(`/api/case/vul/${vul.id}/cvss/`, { vector: V31, score: 10 });
    expect(v31.statusCode, v31.body).toBe(200);
    expect(v31.json()).toMatchObject({ version: '3.1', score: 7.5, severity: 'High' });
    // 3.0 too, and a vector with threat/environmental metrics scores as a whole (normalised: X left out).
    const v30 = await coordinator.post(`/api/case/vul/${vul.id}/cvss/`, {
      vector: 'CVSS:3.0/C:L/I:L/A:N/AV:N/AC:L/PR:N/UI:R/S:C/E:X',
    });
    expect(v30.json()).toMatchObject({
      version: '3.0',
      vector: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N',
      score: 6.1,
      severity: 'Medium',
    });
    expect((await scores()).map((s) => [s.version, s.score])).toEqual([
      ['4.0', 9.3],
      ['3.1', 7.5],
      ['3.0', 6.1],
    ]);
    // The same version again replaces it (POST or PATCH alike).
    const threat = await coordinator.post(`/api/case/vul/${vul.id}/cvss/`, { vector: `${V40}/E:U` });
    expect(threat.json()).toMatchObject({
      version: '4.0',
      vector: `${V40}/E:U`,
      score: 8.1,
      severity: 'High',
    });
    expect((await scores()).filter((s) => s.version === '4.0')).toHaveLength(1);
    // Everyone who sees the vulnerability sees its scores, there and in the vulnerability.
    for (const who of [reporter, vendor]) expect(await scores(who)).toHaveLength(3);
    expect((await outsider.get(`/api/case/vul/${vul.id}/cvss/`)).statusCode).toBe(404);
    const detail = (await vendor.get(`/api/vul/${vul.id}/`)).json<Vulnerability>();
    expect(detail.cvss_scores.map((s) => s.score)).toEqual([8.1, 7.5, 6.1]);
    expect((await activityOf(vul.id)).filter((r) => r.verb === 'scored CVSS')).toHaveLength(4);
  });

  it('refuses an invalid vector with a 400 naming the metric, and a 3.1 vector sent as 4.0', async () => {
    const before = await scores();
    const cases: [string, RegExp][] = [
      ['CVSS:4.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', /^AT: /],
      ['CVSS:4.0/AV:Q/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', /^AV: /],
      ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H', /^A: /],
      ['CVSS:3.1/AV:N/AC:L/PR:X/UI:N/S:U/C:H/I:H/A:H', /^PR: /],
      ['CVSS:2.0/AV:N/AC:L/Au:N/C:P/I:P/A:P', /CVSS:4\.0\//],
    ];
    for (const [vector, message] of cases) {
      const res = await coordinator.post(`/api/case/vul/${vul.id}/cvss/`, { vector });
      expect(res.statusCode, vector).toBe(400);
      expect(res.json().detail).toMatch(message);
      expect(res.json().errors.vector[0]).toMatch(message);
    }
    expect((await coordinator.post(`/api/case/vul/${vul.id}/cvss/`, {})).statusCode).toBe(400);
    expect(await scores()).toEqual(before);
  });

  it('removes the score of one version with DELETE …/cvss/v{version}/; 404 when there is none', async () => {
    expect((await coordinator.delete(`/api/case/vul/${vul.id}/cvss/v3.1/`)).statusCode).toBe(204);
    expect((await scores()).map((s) => s.version)).toEqual(['4.0', '3.0']);
    const again = await coordinator.delete(`/api/case/vul/${vul.id}/cvss/v3.1/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(NO_CVSS_SCORE);
    for (const bad of ['v2.0', 'v4', '4.0', 'vv4.0', 'v4.0x']) {
      expect((await coordinator.delete(`/api/case/vul/${vul.id}/cvss/${bad}/`)).statusCode, bad).toBe(404);
    }
    expect((await coordinator.delete(`/api/case/vul/${vul.id}/cvss/v4.0/`)).statusCode).toBe(204);
    expect((await scores()).map((s) => s.version)).toEqual(['3.0']);
    const log = await activityOf(vul.id);
    expect(log.filter((r) => r.verb === 'removed CVSS score').map((r) => r.before)).toEqual([
      { version: '3.1', vector: V31, score: 7.5 },
      { version: '4.0', vector: `${V40}/E:U`, score: 8.1 },
    ]);
  });
});

describe('SSVC decisions', () => {
  let caseId: number;
  let vul: Vulnerability;
  beforeAll(async () => {
    caseId = await newCase();
    vul = await createVul(caseId);
  });

  const history = async (who: TestClient = coordinator) => {
    const res = await who.get(`/api/case/vul/${vul.id}/ssvc/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number; results: SsvcDecisionView[] }>();
  };

  it('computes the outcome from the table (a sent outcome is ignored) and keeps every decision', async () => {
    const res = await coordinator.post(`/api/case/vul/${vul.id}/ssvc/`, {
      table: 'cisa-coordinator',
      values: { ...CISA_ACT, outcome: 'T', decision: 'Track' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json<SsvcDecisionView>();
    expect(first).toMatchObject({
      table: 'cisa-coordinator',
      outcome: 'AC',
      outcome_name: 'Act',
      removed: false,
      decided_by: { id: coordinator.user.id, name: 'Cora Coordinator' },
    });
    expect(first.table_name).toMatch(/CISA/);
    expect(first.vector).toMatch(/^SSVCv2\//);
    expect(first.selection_list).toMatchObject({ schemaVersion: '2.0.0' });
    expect((await coordinator.get(`/api/vul/${vul.id}/`)).json<Vulnerability>().ssvc).toEqual(first);

    const tracked = await coordinator.patch(`/api/case/vul/${vul.id}/ssvc/`, {
      table: 'cisa-coordinator',
      values: { E: 'none', A: 'no', TI: 'partial', MWI: 'low' },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json()).toMatchObject({ outcome: 'T', outcome_name: 'Track' });
    const h = await history(vendor);
    expect(h.count).toBe(2);
    expect(h.results.map((d) => d.outcome)).toEqual(['T', 'AC']);
    expect((await vendor.get(`/api/vul/${vul.id}/`)).json<Vulnerability>().ssvc?.outcome).toBe('T');
    expect((await outsider.get(`/api/case/vul/${vul.id}/ssvc/`)).statusCode).toBe(404);
  });

  it('refuses a value outside a decision point and a table that does not exist: 400, nothing stored', async () => {
    const n = (await history()).count;
    const bad = await coordinator.post(`/api/case/vul/${vul.id}/ssvc/`, {
      table: 'cisa-coordinator',
      values: { ...CISA_ACT, E: 'everywhere' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ E: ['Not a value of Exploitation (None, Public PoC, Active).'] });
    const missing = await coordinator.post(`/api/case/vul/${vul.id}/ssvc/`, {
      table: 'cisa-coordinator',
      values: { E: 'A' },
    });
    expect(missing.statusCode).toBe(400);
    const table = await coordinator.post(`/api/case/vul/${vul.id}/ssvc/`, {
      table: 'no-such-table',
      values: CISA_ACT,
    });
    expect(table.statusCode).toBe(400);
    expect(table.json().errors).toEqual({ table: [SSVC_UNKNOWN_TABLE_MESSAGE] });
    expect((await coordinator.post(`/api/case/vul/${vul.id}/ssvc/`, { values: CISA_ACT })).statusCode).toBe(
      400,
    );
    expect((await history()).count).toBe(n);
    expect((await coordinator.get(`/api/vul/${vul.id}/`)).json<Vulnerability>().ssvc?.outcome).toBe('T');
  });

  it('DELETE clears the current decision and records the removal in the history', async () => {
    expect((await coordinator.delete(`/api/case/vul/${vul.id}/ssvc/`)).statusCode).toBe(204);
    expect((await coordinator.get(`/api/vul/${vul.id}/`)).json<Vulnerability>().ssvc).toBeNull();
    const h = await history();
    expect(h.results.map((d) => [d.outcome, d.removed])).toEqual([
      ['T', true],
      ['T', false],
      ['AC', false],
    ]);
    const again = await coordinator.delete(`/api/case/vul/${vul.id}/ssvc/`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(NO_SSVC_DECISION);
    expect((await activityOf(vul.id)).map((r) => r.verb)).toEqual([
      'created',
      'decided SSVC',
      'decided SSVC',
      'removed SSVC decision',
    ]);
    // A new decision after the removal is current again.
    await coordinator.post(`/api/case/vul/${vul.id}/ssvc/`, { table: 'cisa-coordinator', values: CISA_ACT });
    expect((await coordinator.get(`/api/vul/${vul.id}/`)).json<Vulnerability>().ssvc?.outcome).toBe('AC');
  });
});

describe('create from report', () => {
  it("creates one vulnerability per report vulnerability (description, known CWEs, links, the reporter's CVSS), once", async () => {
    const caseId = await newCase([
      sampleVulnerability({ description: 'SQL injection in search', cwes: ['CWE-89', 'CWE-999999'] }),
      sampleVulnerability({
        description: 'Path traversal',
        cwes: [],
        showCvss: 'No',
        cvss: '',
        disclosed: 'Yes',
        references: 'See https://example.com/a, and https://example.com/b. Also not a link.',
      }),
    ]);
    const pre = await createVul(caseId, { description: 'Found by the coordinator' });
    const res = await coordinator.post(`/api/case/${caseId}/vuls/from-report/`);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<VulsFromReport>();
    expect(body.skipped).toBe(0);
    expect(body.created.map((v) => [v.local_id, v.description, v.cwes, v.references])).toEqual([
      [2, 'SQL injection in search', ['CWE-89'], []],
      [3, 'Path traversal', [], ['https://example.com/a', 'https://example.com/b']],
    ]);
    expect(body.created[0].cvss_scores).toEqual([
      expect.objectContaining({
        version: '4.0',
        source: 'reporter',
        vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
        score: 9.3,
        severity: 'Critical',
        scored_by: { id: reporter.user.id, name: 'Rita Reporter' },
      }),
    ]);
    expect(body.created[1].cvss_scores).toEqual([]);
    expect(pre.local_id).toBe(1);

    // Again: nothing new.
    const again = await coordinator.post(`/api/case/${caseId}/vuls/from-report/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ created: [], skipped: 2 });
    expect((await list(reporter, caseId)).count).toBe(3);

    // The coordinator's own score of 4.0 sits beside the reporter's.
    const sqli = body.created[0];
    await coordinator.post(`/api/case/vul/${sqli.id}/cvss/`, { vector: `${V40}/E:U` });
    const both = (await coordinator.get(`/api/case/vul/${sqli.id}/cvss/`)).json<{ results: CvssScore[] }>()
      .results;
    expect(both.map((s) => [s.version, s.source, s.score])).toEqual([
      ['4.0', 'coordinator', 8.1],
      ['4.0', 'reporter', 9.3],
    ]);

    // The report gains a vulnerability (an older client's 3.1 vector): only that one is created.
    const [report] = await t.db.select().from(reports).where(eq(reports.caseId, caseId));
    const more = reportToQuestions(
      sampleReportValues({
        vulnerabilities: [
          sampleVulnerability({ description: 'SQL injection in search' }),
          sampleVulnerability({ description: 'Path traversal' }),
          sampleVulnerability({ description: 'Info leak', cvss: V31 }),
        ],
      }),
    );
    await t.db.update(reports).set({ current: more }).where(eq(reports.id, report.id));
    const third = await coordinator.post(`/api/case/${caseId}/vuls/from-report/`);
    expect(third.json<VulsFromReport>().skipped).toBe(2);
    expect(third.json<VulsFromReport>().created.map((v) => [v.local_id, v.description])).toEqual([
      [4, 'Info leak'],
    ]);
    expect(third.json<VulsFromReport>().created[0].cvss_scores).toMatchObject([
      { version: '3.1', source: 'reporter', score: 7.5 },
    ]);

    const log = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, caseId), eq(activity.verb, 'created from report')))
      // In the order written: without it PostgreSQL may return the rows in any order.
      .orderBy(asc(activity.id));
    expect(log).toHaveLength(3);
    expect(log[0].after).toMatchObject({ report_index: 0, reporter_cvss: V40 });
  });

  it('answers 409 for a case without a report', async () => {
    const [c] = await t.db
      .insert(cases)
      .values({ title: 'No report', createdBy: coordinator.user.id })
      .returning();
    const res = await coordinator.post(`/api/case/${c.id}/vuls/from-report/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CASE_HAS_NO_REPORT);
  });
});

describe('the API description', () => {
  it('documents the calls, the CVSS delete path with its version parameter after the literal v', async () => {
    const doc = (await coordinator.get('/api/docs/json')).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    for (const path of [
      '/api/case/{id}/vuls/',
      '/api/case/{id}/vuls/from-report/',
      '/api/vul/{id}/',
      '/api/case/vul/{id}/cvss/',
      '/api/case/vul/{id}/ssvc/',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const del = doc.paths['/api/case/vul/{id}/cvss/v{version}/'].delete;
    expect(del.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'path:version']);
  });
});
