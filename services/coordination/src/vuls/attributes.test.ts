// Values of the catalogue's vulnerability attributes on a vulnerability (issue 14): checked per type against
// the current definitions on create and change (unknown id, text, number, choice, date, required), merged on
// PATCH (null clears), shown with their names to whoever reads the vulnerability, in the activity; the
// definitions read by staff (GET /api/vul/attributes/); and the catalogue refusing to delete an attribute in
// use or to reshape one so that held values no longer fit (409).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNKNOWN_VUL_ATTRIBUTE,
  VUL_ATTRIBUTE_NOT_CHOICE,
  VUL_ATTRIBUTE_NOT_DATE,
  VUL_ATTRIBUTE_NOT_NUMBER,
  VUL_ATTRIBUTE_NOT_TEXT,
  VUL_ATTRIBUTE_REQUIRED,
  type VulAttribute,
  type Vulnerability,
  vulAttributeChangeInvalidates,
  vulAttributeInUse,
} from '@cvdp/core';
import { activity } from '@cvdp/server-kit';
import { caseParticipants, cases, vulnerabilities } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';

type Client = TestClient & { user: TestUser };

let t: TestApp;
let admin: Client;
let coordinator: Client;
let reporter: Client;
let outsider: Client;
let caseId: number;
/** Attribute ids by type; `sev` is a required choice attribute, added only for its own test. */
const id = { text: '', number: '', choice: '', date: '' };

const defineAttribute = async (body: Record<string, unknown>) => {
  const res = await admin.post('/manage/vul/attributes/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<VulAttribute>();
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ roles: ['admin'] });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  reporter = await t.signIn({ name: 'Rita Reporter' });
  outsider = await t.signIn({ name: 'Olga Outsider' });
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Router overflow', status: 1, createdBy: reporter.user.id })
    .returning();
  caseId = c.id;
  await t.db.insert(caseParticipants).values({ caseId, userId: reporter.user.id, role: 'reporter' });
  id.text = String((await defineAttribute({ name: 'Exploit notes', type: 'text' })).id);
  id.number = String((await defineAttribute({ name: 'Affected devices', type: 'number' })).id);
  id.choice = String(
    (await defineAttribute({ name: 'Exploited', type: 'choice', choices: ['yes', 'no'] })).id,
  );
  id.date = String((await defineAttribute({ name: 'Found on', type: 'date' })).id);
});
afterAll(() => t.close());

const create = (attributes: unknown) =>
  coordinator.post(`/api/case/${caseId}/vuls/`, { description: 'Overflow', attributes });
const patch = (vulId: number, body: Record<string, unknown>) => coordinator.patch(`/api/vul/${vulId}/`, body);
const storedOf = async (vulId: number) =>
  (await t.db.select().from(vulnerabilities).where(eq(vulnerabilities.id, vulId)))[0].attributes;

describe('attribute values on a vulnerability', () => {
  it('are stored and answered per type, with the names, to staff and participants', async () => {
    const res = await create({
      [id.text]: '  Seen in the wild  ',
      [id.number]: 12.5,
      [id.choice]: 'yes',
      [id.date]: '2026-02-28',
    });
    expect(res.statusCode, res.body).toBe(201);
    const vul = res.json<Vulnerability>();
    expect(vul.attributes).toEqual({
      [id.text]: 'Seen in the wild',
      [id.number]: 12.5,
      [id.choice]: 'yes',
      [id.date]: '2026-02-28',
    });
    expect(vul.attribute_names).toEqual({
      [id.text]: 'Exploit notes',
      [id.number]: 'Affected devices',
      [id.choice]: 'Exploited',
      [id.date]: 'Found on',
    });
    // The reporter (a participant) reads the values with their names; an outsider sees no such vulnerability.
    const seen = await reporter.get(`/api/vul/${vul.id}/`);
    expect(seen.json<Vulnerability>().attributes).toEqual(vul.attributes);
    expect(seen.json<Vulnerability>().attribute_names[id.choice]).toBe('Exploited');
    expect((await outsider.get(`/api/vul/${vul.id}/`)).statusCode).toBe(404);
    // Without attributes a vulnerability holds none.
    const plain = await create(undefined);
    expect(plain.json<Vulnerability>()).toMatchObject({ attributes: {}, attribute_names: {} });
  });

  it('refuse a value that does not fit its type, and an unknown id, under attributes.<id>', async () => {
    const cases: [string, unknown, string][] = [
      [id.text, 'x'.repeat(1001), VUL_ATTRIBUTE_NOT_TEXT],
      [id.text, 5, VUL_ATTRIBUTE_NOT_TEXT],
      [id.number, '12', VUL_ATTRIBUTE_NOT_NUMBER],
      [id.choice, 'maybe', VUL_ATTRIBUTE_NOT_CHOICE],
      [id.choice, 'YES', VUL_ATTRIBUTE_NOT_CHOICE],
      [id.date, '2026-02-30', VUL_ATTRIBUTE_NOT_DATE],
      [id.date, '28.02.2026', VUL_ATTRIBUTE_NOT_DATE],
      [id.date, 20260228, VUL_ATTRIBUTE_NOT_DATE],
      ['999999', 'x', UNKNOWN_VUL_ATTRIBUTE],
      ['abc', 'x', UNKNOWN_VUL_ATTRIBUTE],
    ];
    const count = async () => (await t.db.select().from(vulnerabilities)).length;
    const before = await count();
    for (const [key, value, message] of cases) {
      const res = await create({ [key]: value });
      expect(res.statusCode, `${key}=${JSON.stringify(value)}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({ [`attributes.${key}`]: [message] });
    }
    // The message names the attribute (an unknown one by its id).
    expect((await create({ '999999': 'x' })).json().detail).toBe(
      `attributes.999999: ${UNKNOWN_VUL_ATTRIBUTE}`,
    );
    expect((await create({ [id.choice]: 'maybe' })).json().detail).toBe(
      `Exploited: ${VUL_ATTRIBUTE_NOT_CHOICE}`,
    );
    // Every problem at once.
    const many = await create({ [id.number]: 'x', [id.date]: 'y' });
    expect(Object.keys(many.json().errors).sort()).toEqual(
      [`attributes.${id.date}`, `attributes.${id.number}`].sort(),
    );
    // Shapes no attribute takes: refused by the schema; text PostgreSQL cannot store, at the door.
    expect((await create({ [id.text]: { a: 1 } })).statusCode).toBe(400);
    expect((await create({ [id.text]: ['a'] })).statusCode).toBe(400);
    expect((await create('text')).statusCode).toBe(400);
    const nul = await create({ [id.text]: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().errors)).toEqual([`attributes.${id.text}`]);
    expect((await create({ [id.text]: 'a\ud800b' })).statusCode).toBe(400);
    // 1000 characters is fine.
    expect((await create({ [id.text]: 'x'.repeat(1000) })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('PATCH merges: values sent replace, null or empty clears, others stay; changes are in the activity', async () => {
    const vul = (await create({ [id.text]: 'Notes', [id.number]: 3 })).json<Vulnerability>();
    const merged = await patch(vul.id, { attributes: { [id.choice]: 'no', [id.number]: 4 } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<Vulnerability>().attributes).toEqual({
      [id.text]: 'Notes',
      [id.number]: 4,
      [id.choice]: 'no',
    });
    const cleared = await patch(vul.id, { attributes: { [id.text]: null, [id.choice]: '' } });
    expect(cleared.json<Vulnerability>().attributes).toEqual({ [id.number]: 4 });
    expect(await storedOf(vul.id)).toEqual({ [id.number]: 4 });
    // The same again changes nothing (no activity row); another field leaves the values alone.
    await patch(vul.id, { attributes: { [id.number]: 4 } });
    expect((await patch(vul.id, { title: 'Renamed' })).json<Vulnerability>().attributes).toEqual({
      [id.number]: 4,
    });
    // Two changes at once to different attributes: both stay (each merges under the row lock).
    const [one, two] = await Promise.all([
      patch(vul.id, { attributes: { [id.date]: '2026-01-02' } }),
      patch(vul.id, { attributes: { [id.text]: 'Together' } }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await storedOf(vul.id)).toEqual({
      [id.number]: 4,
      [id.date]: '2026-01-02',
      [id.text]: 'Together',
    });
    await patch(vul.id, { attributes: { [id.date]: null, [id.text]: null } });
    const bad = await patch(vul.id, { attributes: { [id.number]: 'four' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ [`attributes.${id.number}`]: [VUL_ATTRIBUTE_NOT_NUMBER] });

    const log = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectType, 'vul'), eq(activity.objectId, String(vul.id))))
      .orderBy(activity.id);
    expect(log.map((a) => a.verb)).toEqual([
      'created',
      'edited',
      'edited',
      'edited',
      'edited',
      'edited',
      'edited',
    ]);
    expect(log[0].after).toMatchObject({ attributes: { [id.text]: 'Notes', [id.number]: 3 } });
    expect(log[1].before).toEqual({ attributes: { [id.text]: 'Notes', [id.number]: 3 } });
    expect(log[1].after).toEqual({ attributes: { [id.text]: 'Notes', [id.number]: 4, [id.choice]: 'no' } });
    expect(log[2].after).toEqual({ attributes: { [id.number]: 4 } });
    expect(log[3].after).toEqual({ title: 'Renamed' });
    expect(log[6].after).toEqual({ attributes: { [id.number]: 4 } });
  });

  it('a required attribute needs a value on create and cannot be cleared; older vulnerabilities still change', async () => {
    const older = (await create({})).json<Vulnerability>();
    const sev = await defineAttribute({
      name: 'Sector',
      type: 'choice',
      choices: ['energy', 'health'],
      required: true,
    });
    const key = String(sev.id);
    try {
      for (const attributes of [undefined, {}, { [key]: null }, { [key]: ' ' }]) {
        const res = await create(attributes);
        expect(res.statusCode, JSON.stringify(attributes)).toBe(400);
        expect(res.json().errors).toEqual({ [`attributes.${key}`]: [VUL_ATTRIBUTE_REQUIRED] });
      }
      const vul = (await create({ [key]: 'energy' })).json<Vulnerability>();
      expect(vul.attributes).toEqual({ [key]: 'energy' });
      const clear = await patch(vul.id, { attributes: { [key]: null } });
      expect(clear.statusCode).toBe(400);
      expect(clear.json().errors).toEqual({ [`attributes.${key}`]: [VUL_ATTRIBUTE_REQUIRED] });
      expect((await patch(vul.id, { attributes: { [key]: 'health' } })).statusCode).toBe(200);
      // One created before the attribute was required still takes other changes.
      expect(
        (await patch(older.id, { title: 'Still editable', attributes: { [id.number]: 1 } })).statusCode,
      ).toBe(200);
      // The vulnerability holds a value: the attribute stays.
      const del = await admin.delete(`/manage/vul/attributes/${key}/`);
      expect(del.statusCode).toBe(409);
      expect(del.json().detail).toBe(vulAttributeInUse(1));
      await t.db.delete(vulnerabilities).where(eq(vulnerabilities.id, vul.id));
    } finally {
      expect((await admin.delete(`/manage/vul/attributes/${key}/`)).statusCode).toBe(204);
    }
  });
});

describe('the catalogue with values in use', () => {
  it('refuses deleting an attribute with values (409 with the count), until they are cleared', async () => {
    const extra = await defineAttribute({ name: 'Temporary', type: 'text' });
    const key = String(extra.id);
    const a = (await create({ [key]: 'one' })).json<Vulnerability>();
    const b = (await create({ [key]: 'two' })).json<Vulnerability>();
    const res = await admin.delete(`/manage/vul/attributes/${key}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This attribute has a value on 2 vulnerabilities and cannot be deleted; clear those values first.',
    );
    await patch(a.id, { attributes: { [key]: null } });
    expect((await admin.delete(`/manage/vul/attributes/${key}/`)).json().detail).toBe(vulAttributeInUse(1));
    await patch(b.id, { attributes: { [key]: '' } });
    expect((await admin.delete(`/manage/vul/attributes/${key}/`)).statusCode).toBe(204);
  });

  it('refuses a type or choices change that held values would no longer fit (409); allows one they fit', async () => {
    const level = await defineAttribute({ name: 'Level', type: 'choice', choices: ['low', 'high', 'max'] });
    const key = String(level.id);
    const url = `/manage/vul/attributes/${key}/`;
    const vul = (await create({ [key]: 'high' })).json<Vulnerability>();
    const dropped = await admin.patch(url, { choices: ['low', 'max'] });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().detail).toBe(vulAttributeChangeInvalidates(1));
    expect(dropped.json().detail).toMatch(/refused/);
    expect((await admin.patch(url, { type: 'number' })).statusCode).toBe(409);
    // Text takes any choice that was stored; more choices or a reorder keep 'high' valid.
    expect((await admin.patch(url, { choices: ['max', 'high', 'low', 'none'] })).statusCode).toBe(200);
    expect((await admin.patch(url, { name: 'Level of harm', required: true })).statusCode).toBe(200);
    expect((await admin.patch(url, { type: 'text' })).statusCode).toBe(200);
    expect((await coordinator.get(`/api/vul/${vul.id}/`)).json<Vulnerability>()).toMatchObject({
      attributes: { [key]: 'high' },
      attribute_names: { [key]: 'Level of harm' },
    });
    // No values held: any change.
    await t.db.delete(vulnerabilities).where(eq(vulnerabilities.id, vul.id));
    expect((await admin.patch(url, { type: 'date' })).statusCode).toBe(200);
    expect((await admin.delete(url)).statusCode).toBe(204);
  });

  it('answers only the values of attributes that still exist', async () => {
    const vul = (await create({ [id.text]: 'kept' })).json<Vulnerability>();
    await t.db
      .update(vulnerabilities)
      .set({ attributes: { [id.text]: 'kept', '987654': 'gone' } })
      .where(eq(vulnerabilities.id, vul.id));
    const read = (await coordinator.get(`/api/vul/${vul.id}/`)).json<Vulnerability>();
    expect(read.attributes).toEqual({ [id.text]: 'kept' });
    expect(read.attribute_names).toEqual({ [id.text]: 'Exploit notes' });
  });
});

describe('GET /api/vul/attributes/', () => {
  it('lists the definitions to whoever may change vulnerabilities (staff); 403 to others, 401 anonymous', async () => {
    for (const who of [coordinator, admin]) {
      const res = await who.get('/api/vul/attributes/');
      expect(res.statusCode).toBe(200);
      expect(res.json<VulAttribute[]>().map((a) => [a.name, a.type])).toEqual([
        ['Exploit notes', 'text'],
        ['Affected devices', 'number'],
        ['Exploited', 'choice'],
        ['Found on', 'date'],
      ]);
      expect(res.json<VulAttribute[]>()[2].choices).toEqual(['yes', 'no']);
    }
    for (const who of [reporter, outsider])
      expect((await who.get('/api/vul/attributes/')).statusCode).toBe(403);
    expect((await t.anonymous().get('/api/vul/attributes/')).statusCode).toBe(401);
  });
});
