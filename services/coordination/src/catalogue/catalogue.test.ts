// The administration catalogue (issue 14): tags by kind, vulnerability attributes and the admin audit list.
// Admins only (403 for everyone else); every change leaves an activity row with before/after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import {
  CHOICES_ONLY_FOR_CHOICE,
  CHOICES_REQUIRED,
  DUPLICATE_TAG,
  DUPLICATE_VUL_ATTRIBUTE,
  tagNameTaken,
  type AuditEntry,
  type PageOf,
  type Tag,
  type VulAttribute,
} from '@cvdp/core';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';

let t: TestApp;
let admin: TestClient & { user: { id: number } };
let coordinator: TestClient;
let reporter: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ roles: ['admin'], name: 'Ana Admin' });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn({ roles: ['reporter'] });
});
afterAll(() => t.close());

const audit = async (query: string) =>
  (await admin.get(`/manage/activity/?${query}`)).json<PageOf<AuditEntry>>();

describe('manage/tags/', () => {
  it('creates, lists by kind, refuses a duplicate name per kind and deletes, with activity', async () => {
    const a = await admin.post('/manage/tags/case/', { name: 'ICS', description: 'Industrial' });
    expect(a.statusCode).toBe(201);
    const ics = a.json<Tag>();
    expect(ics).toMatchObject({ kind: 'case', name: 'ICS', description: 'Industrial' });
    const v = await admin.post('/manage/tags/vul/', { name: 'ics' });
    expect(v.statusCode).toBe(201);
    const bodyKind = await admin.post('/manage/tags/', { name: 'Medical', kind: 'vul' });
    expect(bodyKind.json<Tag>().kind).toBe('vul');
    const dflt = await admin.post('/manage/tags/', { name: 'Automotive' });
    expect(dflt.json<Tag>().kind).toBe('case');

    const dup = await admin.post('/manage/tags/case/', { name: 'ics' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ errors: { name: [DUPLICATE_TAG] } });

    expect((await admin.get('/manage/tags/case/')).json<Tag[]>().map((x) => x.name)).toEqual([
      'Automotive',
      'ICS',
    ]);
    expect((await admin.get('/manage/tags/vul/')).json<Tag[]>().map((x) => x.name)).toEqual([
      'ics',
      'Medical',
    ]);
    expect((await admin.get('/manage/tags/')).json<Tag[]>()).toHaveLength(4);
    expect((await admin.get('/manage/tags/nope/')).statusCode).toBe(404);

    const opts = await admin.request('OPTIONS', '/manage/tags/');
    expect(opts.statusCode).toBe(200);
    expect(opts.json()).toMatchObject({
      kinds: [
        { value: 'case', display_name: 'Case' },
        { value: 'vul', display_name: 'Vulnerability' },
      ],
      actions: { POST: { name: { required: true } } },
    });

    expect((await admin.delete(`/manage/tag/${ics.id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/manage/tag/${ics.id}/`)).statusCode).toBe(404);
    expect((await admin.get('/manage/tags/case/')).json<Tag[]>().map((x) => x.name)).toEqual(['Automotive']);

    const log = await audit('object_type=tag');
    expect(log.count).toBe(5);
    expect(log.results[0]).toMatchObject({
      actor: { id: admin.user.id, name: 'Ana Admin' },
      verb: 'removed tag',
      object_id: String(ics.id),
      before: { kind: 'case', name: 'ICS', description: 'Industrial' },
      after: null,
    });
    expect(log.results.at(-1)).toMatchObject({ verb: 'added tag', before: null, after: { name: 'ICS' } });
  });

  it('is admin-only', async () => {
    for (const who of [coordinator, reporter]) {
      // Every tag call, each way of adding one included.
      expect((await who.get('/manage/tags/')).statusCode).toBe(403);
      expect((await who.get('/manage/tags/case/')).statusCode).toBe(403);
      expect((await who.post('/manage/tags/', { name: 'X' })).statusCode).toBe(403);
      expect((await who.post('/manage/tags/', { name: 'X', kind: 'vul' })).statusCode).toBe(403);
      expect((await who.post('/manage/tags/case/', { name: 'X' })).statusCode).toBe(403);
      expect((await who.patch('/manage/tag/1/', { name: 'X' })).statusCode).toBe(403);
      expect((await who.delete('/manage/tag/1/')).statusCode).toBe(403);
      expect((await who.request('OPTIONS', '/manage/tags/')).statusCode).toBe(403);
    }
    expect((await admin.get('/manage/tags/')).json<Tag[]>().some((x) => x.name === 'X')).toBe(false);
  });
});

describe('PATCH/DELETE manage/tag/{id}/ with tags in use', () => {
  it('renames a tag where it is used (cases or vulnerabilities by kind, any spelling), refuses duplicates and deleting one in use', async () => {
    const staff = await t.signIn({ roles: ['coordinator'] });
    const reporterOfCases = await t.signIn({ roles: ['reporter'] });
    const newCase = async (tags: string[]) => {
      const id = (await submitReport(reporterOfCases, { report: sampleReportQuestions() })).json()
        .id as number;
      expect((await staff.patch(`/api/cases/${id}/`, { tags })).statusCode).toBe(200);
      return id;
    };
    const caseTags = async (id: number) => (await staff.get(`/api/cases/${id}/`)).json().tags as string[];
    const energy = (await admin.post('/manage/tags/case/', { name: 'Energy' })).json<Tag>();
    const vulEnergy = (await admin.post('/manage/tags/vul/', { name: 'Energy' })).json<Tag>();
    await admin.post('/manage/tags/case/', { name: 'Grid' });
    const a = await newCase(['Energy', 'Other']);
    const b = await newCase(['energy', 'Grid power']);
    const untouched = await newCase(['energy-ish']);
    const vul = await staff.post(`/api/case/${a}/vuls/`, { description: 'Overflow', tags: ['Energy'] });
    expect(vul.statusCode).toBe(201);
    const vulId = vul.json().id as number;

    expect((await coordinator.patch(`/manage/tag/${energy.id}/`, { name: 'X' })).statusCode).toBe(403);
    const dup = await admin.patch(`/manage/tag/${energy.id}/`, { name: 'grid' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ errors: { name: [DUPLICATE_TAG] } });
    expect(await caseTags(a)).toEqual(['Energy', 'Other']);
    // A name a case carries already is another tag: renaming onto it would be a merge (409).
    const carried = await admin.patch(`/manage/tag/${energy.id}/`, { name: 'OTHER' });
    expect(carried.statusCode).toBe(409);
    expect(carried.json().detail).toBe(tagNameTaken('Other'));
    expect(await caseTags(a)).toEqual(['Energy', 'Other']);
    expect((await admin.patch(`/manage/tag/${energy.id}/`, { kind: 'vul' })).statusCode).toBe(400);
    expect((await admin.patch('/manage/tag/999999/', { name: 'Y' })).statusCode).toBe(404);

    const renamed = await admin.patch(`/manage/tag/${energy.id}/`, {
      name: 'Power',
      description: 'Utilities',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Tag>()).toMatchObject({
      id: energy.id,
      kind: 'case',
      name: 'Power',
      description: 'Utilities',
    });
    expect(await caseTags(a)).toEqual(['Power', 'Other']);
    expect(await caseTags(b)).toEqual(['Power', 'Grid power']);
    expect(await caseTags(untouched)).toEqual(['energy-ish']);
    // A case tag's rename leaves the vulnerabilities' tag of the same name alone.
    expect((await staff.get(`/api/vul/${vulId}/`)).json().tags).toEqual(['Energy']);

    const inUse = await admin.delete(`/manage/tag/${energy.id}/`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().detail).toBe('This tag is used by 2 cases and cannot be deleted.');
    const vulInUse = await admin.delete(`/manage/tag/${vulEnergy.id}/`);
    expect(vulInUse.statusCode).toBe(409);
    expect(vulInUse.json().detail).toBe('This tag is used by 1 vulnerability and cannot be deleted.');
    const names = (await admin.get('/manage/tags/')).json<Tag[]>().map((x) => `${x.kind}:${x.name}`);
    expect(names).toEqual(expect.arrayContaining(['case:Power', 'vul:Energy']));

    const vulRenamed = await admin.patch(`/manage/tag/${vulEnergy.id}/`, { name: 'Energy sector' });
    expect(vulRenamed.statusCode).toBe(200);
    expect((await staff.get(`/api/vul/${vulId}/`)).json().tags).toEqual(['Energy sector']);
    expect(await caseTags(untouched)).toEqual(['energy-ish']);
    await staff.patch(`/api/vul/${vulId}/`, { tags: [] });
    expect((await admin.delete(`/manage/tag/${vulEnergy.id}/`)).statusCode).toBe(204);

    const log = await audit('object_type=tag');
    const change = log.results.find((e) => e.verb === 'changed tag' && e.object_id === String(energy.id));
    expect(change).toMatchObject({
      before: { kind: 'case', name: 'Energy', description: '' },
      after: { kind: 'case', name: 'Power', description: 'Utilities', renamed_on: 2 },
    });
  });
});

describe('manage/vul/attributes/', () => {
  it('creates text/number/choice/date attributes, refuses bad ones and duplicates, deletes, with activity', async () => {
    const c = await admin.post('/manage/vul/attributes/', {
      name: 'Exploited in ICS',
      type: 'choice',
      choices: ['yes', 'no'],
      required: true,
    });
    expect(c.statusCode).toBe(201);
    const choice = c.json<VulAttribute>();
    expect(choice).toMatchObject({ type: 'choice', choices: ['yes', 'no'], required: true });
    for (const type of ['text', 'number', 'date'])
      expect((await admin.post('/manage/vul/attributes/', { name: `A ${type}`, type })).statusCode).toBe(201);

    const noChoices = await admin.post('/manage/vul/attributes/', { name: 'Z', type: 'choice' });
    expect(noChoices.statusCode).toBe(400);
    expect(noChoices.json()).toMatchObject({ errors: { choices: [CHOICES_REQUIRED] } });
    expect((await admin.post('/manage/vul/attributes/', { name: 'Z', type: 'colour' })).statusCode).toBe(400);
    const dup = await admin.post('/manage/vul/attributes/', { name: 'a TEXT', type: 'text' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ errors: { name: [DUPLICATE_VUL_ATTRIBUTE] } });

    const list = (await admin.get('/manage/vul/attributes/')).json<VulAttribute[]>();
    expect(list.map((a) => [a.name, a.type, a.required])).toEqual([
      ['Exploited in ICS', 'choice', true],
      ['A text', 'text', false],
      ['A number', 'number', false],
      ['A date', 'date', false],
    ]);
    expect((await admin.delete(`/manage/vul/attributes/${choice.id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/manage/vul/attributes/${choice.id}/`)).statusCode).toBe(404);
    expect((await admin.get('/manage/vul/attributes/')).json<VulAttribute[]>()).toHaveLength(3);

    const log = await audit('object_type=vul_attribute');
    expect(log.count).toBe(5);
    expect(log.results[0]).toMatchObject({
      verb: 'removed vulnerability attribute',
      before: { name: 'Exploited in ICS', type: 'choice', choices: ['yes', 'no'], required: true },
    });
  });

  it('edits an attribute by id: the result is checked whole, duplicates refused, activity before/after', async () => {
    const created = (
      await admin.post('/manage/vul/attributes/', { name: 'Severity source', type: 'choice', choices: ['a'] })
    ).json<VulAttribute>();
    const url = `/manage/vul/attributes/${created.id}/`;
    expect((await coordinator.patch(url, { required: true })).statusCode).toBe(403);
    const emptied = await admin.patch(url, { choices: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json()).toMatchObject({ errors: { choices: [CHOICES_REQUIRED] } });
    const textWithChoices = await admin.patch(url, { type: 'text', choices: ['x'] });
    expect(textWithChoices.json()).toMatchObject({ errors: { choices: [CHOICES_ONLY_FOR_CHOICE] } });
    const dup = await admin.patch(url, { name: 'A NUMBER' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ errors: { name: [DUPLICATE_VUL_ATTRIBUTE] } });
    expect((await admin.patch('/manage/vul/attributes/999999/', { required: true })).statusCode).toBe(404);

    const more = await admin.patch(url, { name: 'Source', choices: ['vendor', 'reporter'], required: true });
    expect(more.statusCode).toBe(200);
    expect(more.json<VulAttribute>()).toMatchObject({
      name: 'Source',
      type: 'choice',
      choices: ['vendor', 'reporter'],
      required: true,
    });
    // Away from choice: the choices go with the type.
    const text = await admin.patch(url, { type: 'text' });
    expect(text.json<VulAttribute>()).toMatchObject({ type: 'text', choices: [], required: true });

    const log = await audit('object_type=vul_attribute');
    expect(log.results[0]).toMatchObject({
      verb: 'changed vulnerability attribute',
      object_id: String(created.id),
      before: { name: 'Source', type: 'choice', choices: ['vendor', 'reporter'] },
      after: { name: 'Source', type: 'text', choices: [] },
    });
  });

  it('is admin-only', async () => {
    for (const who of [coordinator, reporter]) {
      expect((await who.get('/manage/vul/attributes/')).statusCode).toBe(403);
      expect((await who.post('/manage/vul/attributes/', { name: 'Y', type: 'text' })).statusCode).toBe(403);
      expect((await who.patch('/manage/vul/attributes/1/', { required: true })).statusCode).toBe(403);
      // Refused before the body is looked at: an invalid one is a 403 too, not a 400 about its fields.
      expect((await who.post('/manage/vul/attributes/', { name: '', type: 'nonsense' })).statusCode).toBe(
        403,
      );
      expect(
        (
          await who.post('/manage/vul/attributes/', '{"name":', {
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await who.delete('/manage/vul/attributes/1/')).statusCode).toBe(403);
    }
  });
});

describe('manage/activity/', () => {
  it('lists changes outside cases, filtered by actor and date, paged; admins only', async () => {
    const other = await t.signIn({ roles: ['admin'] });
    await other.post('/manage/tags/vul/', { name: 'By other' });
    const mine = await audit(`actor=${other.user.id}`);
    expect(mine.count).toBe(1);
    expect(mine.results[0]).toMatchObject({ verb: 'added tag', after: { name: 'By other', kind: 'vul' } });

    const today = new Date().toISOString().slice(0, 10);
    const all = await audit(`since=${today}&until=${today}`);
    expect(all.count).toBeGreaterThanOrEqual(11);
    expect((await audit('until=2000-01-01')).count).toBe(0);
    expect((await audit('since=2999-01-01')).count).toBe(0);
    const page = await audit('page_size=2&page=2');
    expect(page.results).toHaveLength(2);
    expect(page.previous).toBeTruthy();

    expect((await admin.get('/manage/activity/?since=2025-02-30')).statusCode).toBe(400);
    expect((await admin.get('/manage/activity/?actor=x')).statusCode).toBe(400);
    expect((await coordinator.get('/manage/activity/')).statusCode).toBe(403);
    expect((await reporter.get('/manage/activity/')).statusCode).toBe(403);
  });
});
