// The catalogue's answers key for key: what the response schemas let through is exactly what the routes
// build (a key the schema does not name would be dropped, a wrong shape a 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('catalogue answers', () => {
  it('answers the tag form, a tag, an attribute and the audit entry of each, with every field', async () => {
    const admin = await t.signIn({ roles: ['admin'], name: 'Ada Admin' });
    const kinds = [
      { value: 'case', display_name: 'Case' },
      { value: 'vul', display_name: 'Vulnerability' },
    ];
    expect((await admin.request('OPTIONS', '/manage/tags/')).json()).toEqual({
      name: 'Tag',
      kinds,
      actions: {
        POST: {
          name: { type: 'string', required: true, label: 'Name', max_length: 50 },
          description: { type: 'string', required: false, label: 'Description', max_length: 500 },
          kind: {
            type: 'choice',
            required: false,
            default: 'case',
            label: 'Kind',
            choices: kinds,
          },
        },
      },
    });

    const tag = await admin.post('/manage/tags/vul/', { name: 'Firmware', description: 'In the device' });
    expect(tag.statusCode).toBe(201);
    expect(tag.json()).toEqual({
      id: expect.any(Number),
      kind: 'vul',
      name: 'Firmware',
      description: 'In the device',
      created: iso,
    });
    const attribute = await admin.post('/manage/vul/attributes/', {
      name: 'Impact',
      type: 'choice',
      choices: ['Low', 'High'],
    });
    expect(attribute.json()).toEqual({
      id: expect.any(Number),
      name: 'Impact',
      type: 'choice',
      choices: ['Low', 'High'],
      required: false,
      created: iso,
    });

    const log = (await admin.get('/manage/activity/?object_type=tag')).json();
    expect(log).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          actor: { id: admin.user.id, name: 'Ada Admin' },
          verb: 'added tag',
          object_type: 'tag',
          object_id: String(tag.json().id),
          before: null,
          after: { kind: 'vul', name: 'Firmware', description: 'In the device' },
          created: iso,
        },
      ],
    });
  });
});
