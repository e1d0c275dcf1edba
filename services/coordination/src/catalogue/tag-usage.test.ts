// Tags as they are used (issue 24): manage/tags/usage/ lists catalogue rows and the names cases and
// vulnerabilities carry (without case, per kind) with how many carry each; rename, merge and remove reach
// every carrier in one transaction. Admins only; each change leaves an activity row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import {
  MERGE_INTO_ITSELF,
  NO_SUCH_TAG,
  tagNameTaken,
  type AuditEntry,
  type PageOf,
  type Tag,
  type TagUsage,
} from '@cvdp/core';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
let admin: TestClient;
let staff: TestClient;
let reporter: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ roles: ['admin'] });
  staff = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn({ roles: ['reporter'] });
});
afterAll(() => t.close());

/** A case carrying `tags`, as a coordinator would tag it. */
async function caseWith(tags: string[]) {
  const id = (await submitReport(reporter, { report: sampleReportQuestions() })).json().id as number;
  expect((await staff.patch(`/api/cases/${id}/`, { tags })).statusCode).toBe(200);
  return id;
}
async function vulWith(caseId: number, tags: string[]) {
  const res = await staff.post(`/api/case/${caseId}/vuls/`, { description: 'Overflow', tags });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}
const caseTags = async (id: number) => (await staff.get(`/api/cases/${id}/`)).json().tags as string[];
const vulTags = async (id: number) => (await staff.get(`/api/vul/${id}/`)).json().tags as string[];
const usage = async () => (await admin.get('/manage/tags/usage/')).json<TagUsage[]>();
const usageOf = async (kind: string, name: string) =>
  (await usage()).find((u) => u.kind === kind && u.name.toLowerCase() === name.toLowerCase());
const lastTagChange = async () =>
  (await admin.get('/manage/activity/?object_type=tag&page_size=1')).json<PageOf<AuditEntry>>().results[0];

describe('GET manage/tags/usage/', () => {
  it('lists catalogue rows and carried names, grouped without case per kind, with how many carry each', async () => {
    const ics = (
      await admin.post('/manage/tags/case/', { name: 'ICS', description: 'Industrial' })
    ).json<Tag>();
    await admin.post('/manage/tags/case/', { name: 'Unused' });
    const a = await caseWith(['ICS', 'Legacy']);
    const b = await caseWith(['ics', 'legacy']);
    await caseWith(['legacy']);
    await vulWith(a, ['Legacy', 'Memory']);
    await vulWith(b, ['memory']);

    const list = await usage();
    expect(list.filter((u) => ['ICS', 'Unused', 'Legacy', 'legacy', 'Memory'].includes(u.name))).toEqual([
      { kind: 'case', name: 'ICS', catalogue_id: ics.id, description: 'Industrial', used_by: 2 },
      // Two cases spell it "legacy", one "Legacy": the list shows the spelling most of them use.
      { kind: 'case', name: 'legacy', catalogue_id: null, description: '', used_by: 3 },
      { kind: 'case', name: 'Unused', catalogue_id: expect.any(Number), description: '', used_by: 0 },
      // The same name on vulnerabilities is a tag of the other kind, counted on its own.
      { kind: 'vul', name: 'Legacy', catalogue_id: null, description: '', used_by: 1 },
      { kind: 'vul', name: 'Memory', catalogue_id: null, description: '', used_by: 2 },
    ]);
    // By kind, then name without case.
    const keys = list.map((u) => `${u.kind}:${u.name.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
    // The catalogue's own list is unchanged: rows only.
    expect((await admin.get('/manage/tags/')).json<Tag[]>().map((x) => x.name)).not.toContain('legacy');
  });
});

describe('POST manage/tags/usage/rename/', () => {
  it('renames a carried tag on every case, any spelling, leaving no duplicate and the other kind alone', async () => {
    const a = await caseWith(['Other', 'Cloud', 'cloud']);
    const b = await caseWith(['CLOUD']);
    const c = await caseWith(['Cloud']);
    const untouched = await caseWith(['Cloudy']);
    const vul = await vulWith(a, ['Cloud']);

    const res = await admin.post('/manage/tags/usage/rename/', {
      kind: 'case',
      name: 'cloud',
      new_name: 'Cloud services',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TagUsage>()).toEqual({
      kind: 'case',
      name: 'Cloud services',
      catalogue_id: null,
      description: '',
      used_by: 3,
    });
    expect(await caseTags(a)).toEqual(['Other', 'Cloud services']);
    expect(await caseTags(b)).toEqual(['Cloud services']);
    expect(await caseTags(c)).toEqual(['Cloud services']);
    expect(await caseTags(untouched)).toEqual(['Cloudy']);
    expect(await vulTags(vul)).toEqual(['Cloud']);
    expect(await usageOf('case', 'cloud')).toBeUndefined();

    expect(await lastTagChange()).toMatchObject({
      verb: 'renamed tag',
      object_id: 'case:Cloud services',
      before: { kind: 'case', name: 'Cloud', in_catalogue: false },
      after: { kind: 'case', name: 'Cloud services', in_catalogue: false, renamed_on: 3 },
    });
  });

  it('renames the catalogue row with its carriers, keeps or sets the description, and a change of case is a rename', async () => {
    const row = (
      await admin.post('/manage/tags/vul/', { name: 'Crypto', description: 'Ciphers' })
    ).json<Tag>();
    const c = await caseWith([]);
    const vul = await vulWith(c, ['crypto']);
    const renamed = await admin.post('/manage/tags/usage/rename/', {
      kind: 'vul',
      name: 'CRYPTO',
      new_name: 'Cryptography',
    });
    expect(renamed.json<TagUsage>()).toEqual({
      kind: 'vul',
      name: 'Cryptography',
      catalogue_id: row.id,
      description: 'Ciphers',
      used_by: 1,
    });
    expect(await vulTags(vul)).toEqual(['Cryptography']);
    expect((await admin.get('/manage/tags/vul/')).json<Tag[]>().find((x) => x.id === row.id)?.name).toBe(
      'Cryptography',
    );

    const recased = await admin.post('/manage/tags/usage/rename/', {
      kind: 'vul',
      name: 'Cryptography',
      new_name: 'cryptography',
      description: 'Ciphers and hashes',
    });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<TagUsage>()).toMatchObject({
      name: 'cryptography',
      description: 'Ciphers and hashes',
    });
    expect(await vulTags(vul)).toEqual(['cryptography']);

    // A tag only carried gets its catalogue row when a description is given.
    await caseWith(['Edge']);
    const adopted = await admin.post('/manage/tags/usage/rename/', {
      kind: 'case',
      name: 'Edge',
      new_name: 'Edge devices',
      description: 'Routers, gateways',
    });
    const { catalogue_id } = adopted.json<TagUsage>();
    expect(catalogue_id).toEqual(expect.any(Number));
    expect((await admin.get('/manage/tags/case/')).json<Tag[]>()).toContainEqual(
      expect.objectContaining({ id: catalogue_id, name: 'Edge devices', description: 'Routers, gateways' }),
    );
  });

  it('refuses a name another tag has (carried or in the catalogue) with a 409, and an unknown tag with a 404', async () => {
    const a = await caseWith(['Water', 'Sewage']);
    await admin.post('/manage/tags/case/', { name: 'Dams' });

    const carried = await admin.post('/manage/tags/usage/rename/', {
      kind: 'case',
      name: 'Water',
      new_name: 'SEWAGE',
    });
    expect(carried.statusCode).toBe(409);
    expect(carried.json()).toMatchObject({
      detail: tagNameTaken('Sewage'),
      errors: { new_name: [tagNameTaken('Sewage')] },
    });
    const catalogued = await admin.post('/manage/tags/usage/rename/', {
      kind: 'case',
      name: 'water',
      new_name: 'dams',
    });
    expect(catalogued.statusCode).toBe(409);
    expect(catalogued.json().detail).toBe(tagNameTaken('Dams'));
    expect(await caseTags(a)).toEqual(['Water', 'Sewage']);

    const unknown = await admin.post('/manage/tags/usage/rename/', {
      kind: 'vul',
      name: 'Water',
      new_name: 'Other',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(NO_SUCH_TAG);
    const bad = await admin.post('/manage/tags/usage/rename/', {
      kind: 'case',
      name: 'Water',
      new_name: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { new_name: ['Enter a name.'] } });
  });
});

describe('POST manage/tags/usage/merge/', () => {
  it('gives every carrier of the source the target once, in the target’s spelling; the source is gone', async () => {
    const target = (await admin.post('/manage/tags/case/', { name: 'Health' })).json<Tag>();
    const source = (await admin.post('/manage/tags/case/', { name: 'Medical' })).json<Tag>();
    const both = await caseWith(['medical', 'HEALTH', 'Other']);
    const onlySource = await caseWith(['Medical']);
    const onlyTarget = await caseWith(['health']);

    const res = await admin.post('/manage/tags/usage/merge/', {
      kind: 'case',
      source: 'MEDICAL',
      target: 'health',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TagUsage>()).toEqual({
      kind: 'case',
      name: 'Health',
      catalogue_id: target.id,
      description: '',
      used_by: 3,
    });
    expect(await caseTags(both)).toEqual(['Health', 'Other']);
    expect(await caseTags(onlySource)).toEqual(['Health']);
    expect(await caseTags(onlyTarget)).toEqual(['Health']);
    expect((await admin.get('/manage/tags/case/')).json<Tag[]>().map((x) => x.id)).not.toContain(source.id);
    expect(await usageOf('case', 'Medical')).toBeUndefined();
    expect(await lastTagChange()).toMatchObject({
      verb: 'merged tag',
      object_id: String(target.id),
      before: { source: { name: 'Medical', in_catalogue: true }, target: { name: 'Health' } },
      after: { name: 'Health', merged_on: 2 },
    });
  });

  it('merges tags only carried, of vulnerabilities; refuses a tag into itself and unknown tags', async () => {
    const c = await caseWith([]);
    const v1 = await vulWith(c, ['XSS', 'web']);
    const v2 = await vulWith(c, ['Cross-site scripting']);
    const merged = await admin.post('/manage/tags/usage/merge/', {
      kind: 'vul',
      source: 'cross-site scripting',
      target: 'xss',
    });
    expect(merged.json<TagUsage>()).toMatchObject({
      kind: 'vul',
      name: 'XSS',
      catalogue_id: null,
      used_by: 2,
    });
    expect(await vulTags(v1)).toEqual(['XSS', 'web']);
    expect(await vulTags(v2)).toEqual(['XSS']);

    const itself = await admin.post('/manage/tags/usage/merge/', {
      kind: 'vul',
      source: 'XSS',
      target: 'xss',
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ errors: { target: [MERGE_INTO_ITSELF] } });
    for (const body of [
      { kind: 'vul', source: 'Nothing', target: 'XSS' },
      { kind: 'vul', source: 'XSS', target: 'Nothing' },
      { kind: 'case', source: 'XSS', target: 'web' },
    ]) {
      const res = await admin.post('/manage/tags/usage/merge/', body);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(NO_SUCH_TAG);
    }
    expect(await vulTags(v1)).toEqual(['XSS', 'web']);
  });
});

describe('POST manage/tags/usage/remove/', () => {
  it('takes the tag off every carrier in any spelling and out of the catalogue, saying how many carried it', async () => {
    const row = (await admin.post('/manage/tags/case/', { name: 'Retired' })).json<Tag>();
    const a = await caseWith(['Keep', 'retired']);
    const b = await caseWith(['RETIRED']);
    const vul = await vulWith(a, ['Retired']);

    const res = await admin.post('/manage/tags/usage/remove/', { kind: 'case', name: 'retired' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'case', name: 'Retired', removed_from: 2 });
    expect(await caseTags(a)).toEqual(['Keep']);
    expect(await caseTags(b)).toEqual([]);
    expect(await vulTags(vul)).toEqual(['Retired']);
    expect((await admin.get('/manage/tags/case/')).json<Tag[]>().map((x) => x.id)).not.toContain(row.id);
    expect(await usageOf('case', 'Retired')).toBeUndefined();
    expect(await lastTagChange()).toMatchObject({
      verb: 'removed tag',
      object_id: String(row.id),
      before: { kind: 'case', name: 'Retired', in_catalogue: true, removed_from: 2 },
      after: null,
    });

    const again = await admin.post('/manage/tags/usage/remove/', { kind: 'case', name: 'Retired' });
    expect(again.statusCode).toBe(404);
    // Only carried: removed from its carriers, kind by kind.
    const carriedOnly = await admin.post('/manage/tags/usage/remove/', { kind: 'vul', name: 'RETIRED' });
    expect(carriedOnly.json()).toEqual({ kind: 'vul', name: 'Retired', removed_from: 1 });
    expect(await vulTags(vul)).toEqual([]);
  });
});

describe('DELETE manage/tag/{id}/ and PATCH manage/tag/{id}/ see every spelling', () => {
  it('refuses deleting a row whose name a case carries in another spelling, and renames that spelling too', async () => {
    const row = (await admin.post('/manage/tags/case/', { name: 'Aviation' })).json<Tag>();
    const a = await caseWith(['aviation']);
    const refused = await admin.delete(`/manage/tag/${row.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This tag is used by 1 case and cannot be deleted.');

    expect((await admin.patch(`/manage/tag/${row.id}/`, { name: 'Aerospace' })).statusCode).toBe(200);
    expect(await caseTags(a)).toEqual(['Aerospace']);
    await caseWith(['Space']);
    const taken = await admin.patch(`/manage/tag/${row.id}/`, { name: 'space' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(tagNameTaken('Space'));
    expect(await caseTags(a)).toEqual(['Aerospace']);
  });
});

describe('access', () => {
  it('is admin-only, with the CSRF header on changes', async () => {
    const calls = [
      ['POST', '/manage/tags/usage/rename/', { kind: 'case', name: 'Keep', new_name: 'Gone' }],
      ['POST', '/manage/tags/usage/merge/', { kind: 'case', source: 'Keep', target: 'Other' }],
      ['POST', '/manage/tags/usage/remove/', { kind: 'case', name: 'Keep' }],
    ] as const;
    for (const who of [staff, reporter]) {
      expect((await who.get('/manage/tags/usage/')).statusCode).toBe(403);
      for (const [method, url, body] of calls)
        expect((await who.request(method, url, { body })).statusCode).toBe(403);
    }
    const anonymous = t.anonymous();
    expect((await anonymous.get('/manage/tags/usage/')).statusCode).toBe(401);
    for (const [method, url, body] of calls) {
      expect((await anonymous.request(method, url, { body })).statusCode).toBe(401);
      expect((await admin.request(method, url, { body, csrf: false })).statusCode).toBe(403);
    }
    expect((await usageOf('case', 'Keep'))?.used_by).toBeGreaterThan(0);
  });
});
