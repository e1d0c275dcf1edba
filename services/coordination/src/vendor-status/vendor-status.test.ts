import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUSTIFICATION_ONLY_NOT_AFFECTED, JUSTIFICATION_REQUIRED, type VendorStatusGrid } from '@cvdp/core';
import { CPE_MESSAGES } from '@cvdp/core/cpe/index';
import { activity } from '@cvdp/server-kit';
import { caseParticipants, vendorStatus } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { NOT_A_PARTICIPANT_OF_CASE, NOT_A_VENDOR, NOT_A_VUL_OF_CASE } from './store.ts';
import { VENDOR_STATUS_FORBIDDEN } from './routes.ts';
import {
  insertVul,
  statusCounts,
  vendorWorld,
  type VendorWorld,
} from '../../testing/vendor-status-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (w: VendorWorld) => `/api/case/${w.caseId}/vendors/status/`;

describe('GET /api/case/{id}/vendors/status/', () => {
  it('shows the vendors (groups and users, by name), the vulnerabilities and the cells set; can_edit per caller', async () => {
    const w = await vendorWorld(t, [{ title: 'Overflow', cve: 'CVE-2025-10001' }, { title: 'XSS' }]);
    expect(
      (
        await w.coordinator.post(url(w), {
          vul: w.vuls[0].id,
          participant: w.acme,
          status: 'affected',
          affected_versions: '2.3.0',
          fixed_versions: '2.4.1',
          product: 'Widget Server',
        })
      ).statusCode,
    ).toBe(200);

    const expected = (canEditAcme: boolean, canEditBob: boolean) => ({
      vendors: [
        { participant: w.acme, name: w.acmeName, can_edit: canEditAcme },
        { participant: w.bobParticipant, name: "Bob's Widgets", can_edit: canEditBob },
      ],
      vuls: [
        {
          id: w.vuls[0].id,
          local_id: 1,
          label: `VU#${w.caseId}.1`,
          title: 'Overflow',
          cve: 'CVE-2025-10001',
        },
        { id: w.vuls[1].id, local_id: 2, label: `VU#${w.caseId}.2`, title: 'XSS', cve: null },
      ],
      cells: [
        {
          vul: w.vuls[0].id,
          participant: w.acme,
          status: 'affected',
          justification: null,
          product: 'Widget Server',
          affected_versions: '2.3.0',
          fixed_versions: '2.4.1',
          cpe: null,
          purl: null,
          statement: '',
          updated_by: { id: w.coordinator.user.id, name: 'Cora Coordinator' },
        },
      ],
    });
    const cases: [string, (typeof w)['coordinator'], boolean, boolean][] = [
      ['coordinator', w.coordinator, true, true],
      ['Acme member', w.acmeMember, true, false],
      ['Bob', w.bob, false, true],
      ['reporter', w.reporter, false, false],
      ['observer', w.observer, false, false],
    ];
    for (const [who, client, acme, bob] of cases) {
      const res = await client.get(url(w));
      expect(res.statusCode, who).toBe(200);
      expect(res.json<VendorStatusGrid>(), who).toMatchObject(expected(acme, bob));
      expect(res.json<VendorStatusGrid>().vendors, who).toHaveLength(2);
    }
    // The reporter and the observer are no vendors: they are not rows of the grid.
    const names = (await w.coordinator.get(url(w))).json<VendorStatusGrid>().vendors.map((v) => v.name);
    expect(names).not.toContain('Rita Reporter');
    expect(names).not.toContain('Otto Observer');
  });

  it('answers 404 to a stranger and for a missing case, 401 without a session', async () => {
    const w = await vendorWorld(t);
    const res = await w.stranger.get(url(w));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Acme');
    expect((await w.stranger.get('/api/case/2000000000/vendors/status/')).body).toBe(res.body);
    expect((await t.anonymous().get(url(w))).statusCode).toBe(401);
  });

  it('an empty case: no vendors, no vulnerabilities, no cells', async () => {
    const w = await vendorWorld(t, []);
    await t.db.delete(caseParticipants).where(eq(caseParticipants.role, 'vendor'));
    expect((await w.coordinator.get(url(w))).json()).toEqual({ vendors: [], vuls: [], cells: [] });
  });

  it('a participant who stops being a vendor leaves the grid with their cells', async () => {
    const w = await vendorWorld(t);
    await w.bob.post(url(w), { vul: w.vuls[0].id, participant: w.bobParticipant, status: 'fixed' });
    await t.db
      .update(caseParticipants)
      .set({ role: 'observer' })
      .where(eq(caseParticipants.id, w.bobParticipant));
    const grid = (await w.coordinator.get(url(w))).json<VendorStatusGrid>();
    expect(grid.vendors.map((v) => v.participant)).toEqual([w.acme]);
    expect(grid.cells).toEqual([]);
  });
});

describe('POST /api/case/{id}/vendors/status/', () => {
  it("a vendor's member sets their own row; the change is activity with before/after and touches the case", async () => {
    const w = await vendorWorld(t);
    const before = await statusCounts(t, w.caseId);
    const first = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'under_investigation',
      statement: 'Looking into it.',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'under_investigation',
      statement: 'Looking into it.',
      updated_by: { id: w.acmeMember.user.id, name: 'Alice Acme' },
    });
    const second = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'not_affected',
      justification: 'vulnerable_code_not_present',
      cpe: 'cpe:2.3:a:acme:widget_server:2.4.1:*:*:*:*:*:*:*',
      purl: 'pkg:generic/acme/widget-server@2.4.1',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const after = await statusCounts(t, w.caseId);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.log).toBe(before.log + 2);
    expect(after.caseUpdated > before.caseUpdated).toBe(true);

    const log = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.caseId, w.caseId), eq(activity.objectType, 'vendor_status')))
      .orderBy(desc(activity.id));
    expect(log).toHaveLength(2);
    expect(log[1]).toMatchObject({
      actorId: w.acmeMember.user.id,
      verb: 'set',
      objectId: String(first.json().id),
      before: null,
      after: {
        status: 'under_investigation',
        statement: 'Looking into it.',
        vul: `VU#${w.caseId}.1`,
        participant: w.acme,
      },
    });
    expect(log[0]).toMatchObject({
      verb: 'changed',
      before: { status: 'under_investigation', justification: null, statement: 'Looking into it.' },
      after: {
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
        cpe: 'cpe:2.3:a:acme:widget_server:2.4.1:*:*:*:*:*:*:*',
        purl: 'pkg:generic/acme/widget-server@2.4.1',
        statement: '',
      },
    });
    // Staff see the details in the case's activity.
    const feed = await w.coordinator.get(`/api/case/${w.caseId}/activity/`);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('vendor_status');

    // Sending what the row already says changes nothing and records nothing.
    const same = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'not_affected',
      justification: 'vulnerable_code_not_present',
      cpe: 'cpe:2.3:a:acme:widget_server:2.4.1:*:*:*:*:*:*:*',
      purl: 'pkg:generic/acme/widget-server@2.4.1',
    });
    expect(same.statusCode).toBe(200);
    expect(await statusCounts(t, w.caseId)).toEqual(after);
  });

  it('a vendor alone sets their row; staff set any vendor’s row', async () => {
    const w = await vendorWorld(t);
    const own = await w.bob.post(url(w), {
      vul: w.vuls[1].id,
      participant: w.bobParticipant,
      status: 'fixed',
    });
    expect(own.statusCode, own.body).toBe(200);
    for (const participant of [w.acme, w.bobParticipant]) {
      const res = await w.coordinator.post(url(w), {
        vul: w.vuls[0].id,
        participant,
        status: 'affected',
        affected_versions: '< 2.4.1',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await t.db.select().from(vendorStatus).where(eq(vendorStatus.caseId, w.caseId));
    expect(rows).toHaveLength(3);
  });

  it("refuses another vendor's row, a reporter, an observer — 403 and nothing changed; a stranger gets 404", async () => {
    const w = await vendorWorld(t);
    await w.coordinator.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.bobParticipant,
      status: 'affected',
    });
    const before = await statusCounts(t, w.caseId);
    const attempts: [string, (typeof w)['bob'], number, number][] = [
      ['Acme member on Bob', w.acmeMember, w.bobParticipant, 403],
      ['Bob on Acme', w.bob, w.acme, 403],
      ['reporter on Acme', w.reporter, w.acme, 403],
      ['reporter on their own participant row', w.reporter, w.reporterParticipant, 403],
      ['observer on Bob', w.observer, w.bobParticipant, 403],
      ['stranger', w.stranger, w.acme, 404],
    ];
    for (const [who, client, participant, status] of attempts) {
      const res = await client.post(url(w), {
        vul: w.vuls[0].id,
        participant,
        status: 'not_affected',
        justification: 'component_not_present',
      });
      expect(res.statusCode, who).toBe(status);
      if (status === 403) expect(res.json().detail, who).toBe(VENDOR_STATUS_FORBIDDEN);
    }
    expect(await statusCounts(t, w.caseId)).toEqual(before);
    const [bobRow] = await t.db
      .select()
      .from(vendorStatus)
      .where(eq(vendorStatus.participantId, w.bobParticipant));
    expect(bobRow.status).toBe('affected');
  });

  it('the vulnerability and the participant must be of this case, and the participant a vendor (400 naming the field)', async () => {
    const w = await vendorWorld(t);
    const other = await vendorWorld(t);
    const otherVul = await insertVul(t, other.caseId, 9);
    const before = await statusCounts(t, w.caseId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vul: otherVul.id, participant: w.acme }, 'vul', NOT_A_VUL_OF_CASE],
      [{ vul: 2_000_000_000, participant: w.acme }, 'vul', NOT_A_VUL_OF_CASE],
      [{ vul: w.vuls[0].id, participant: other.acme }, 'participant', NOT_A_PARTICIPANT_OF_CASE],
      [{ vul: w.vuls[0].id, participant: 2_000_000_000 }, 'participant', NOT_A_PARTICIPANT_OF_CASE],
      [{ vul: w.vuls[0].id, participant: w.reporterParticipant }, 'participant', NOT_A_VENDOR],
    ];
    for (const [body, field, message] of cases) {
      const res = await w.coordinator.post(url(w), { status: 'affected', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toEqual({ [field]: [message] });
    }
    // A vendor's member naming their own row but another case's vulnerability.
    const res = await w.acmeMember.post(url(w), { vul: otherVul.id, participant: w.acme, status: 'fixed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ vul: [NOT_A_VUL_OF_CASE] });
    expect(await statusCounts(t, w.caseId)).toEqual(before);
  });

  it('not_affected needs a justification, and only not_affected has one', async () => {
    const w = await vendorWorld(t);
    const before = await statusCounts(t, w.caseId);
    const missing = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'not_affected',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ justification: [JUSTIFICATION_REQUIRED] });
    const extra = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'affected',
      justification: 'component_not_present',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual({ justification: [JUSTIFICATION_ONLY_NOT_AFFECTED] });
    const unknown = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'not_affected',
      justification: 'because',
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['justification']);
    const badStatus = await w.acmeMember.post(url(w), {
      vul: w.vuls[0].id,
      participant: w.acme,
      status: 'broken',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().errors)).toEqual(['status']);
    expect(await statusCounts(t, w.caseId)).toEqual(before);
  });

  it('refuses a malformed CPE or purl (400 naming the field, saying what is wrong), nothing changed', async () => {
    const w = await vendorWorld(t);
    const before = await statusCounts(t, w.caseId);
    const cell = { vul: w.vuls[0].id, participant: w.acme, status: 'affected' };
    const cpeCases: [string, string][] = [
      ['cpe:2.3:a:acme:widget server:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.value('product')],
      ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*', CPE_MESSAGES.count(10)],
      ['cpe:/a:acme:widget:1.0', CPE_MESSAGES.prefix],
      ['cpe:2.3:x:acme:widget:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.part],
    ];
    for (const [cpe, message] of cpeCases) {
      const res = await w.acmeMember.post(url(w), { ...cell, cpe });
      expect(res.statusCode, cpe).toBe(400);
      expect(res.json().errors, cpe).toEqual({ cpe: [message] });
    }
    for (const purl of ['not-a-purl', 'pkg:maven/log4j-core@2', 'pkg:npm/']) {
      const res = await w.acmeMember.post(url(w), { ...cell, purl });
      expect(res.statusCode, purl).toBe(400);
      expect(Object.keys(res.json().errors), purl).toEqual(['purl']);
      expect(res.json().errors.purl[0], purl).toMatch(/^Not a valid package URL/);
    }
    // Both wrong: both named.
    const both = await w.acmeMember.post(url(w), { ...cell, cpe: 'cpe', purl: 'pkg' });
    expect(Object.keys(both.json().errors).sort()).toEqual(['cpe', 'purl']);
    expect(await statusCounts(t, w.caseId)).toEqual(before);
    // Empty strings mean none.
    const none = await w.acmeMember.post(url(w), { ...cell, cpe: '  ', purl: '' });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ cpe: null, purl: null });
  });

  it('answers 404 for a missing case and refuses a request without the CSRF token', async () => {
    const w = await vendorWorld(t);
    const body = { vul: w.vuls[0].id, participant: w.acme, status: 'fixed' };
    expect((await w.coordinator.post('/api/case/2000000000/vendors/status/', body)).statusCode).toBe(404);
    const before = await statusCounts(t, w.caseId);
    expect((await w.coordinator.post(url(w), body, { csrf: false })).statusCode).toBe(403);
    expect(await statusCounts(t, w.caseId)).toEqual(before);
  });
});
