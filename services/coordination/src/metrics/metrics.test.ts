// GET /api/metrics/: the arithmetic on a known fixture (cases with fixed timestamps), every day of the range
// present, the per-user view (assigned — now or before — or owning), staff only, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseAssignments, caseParticipants, cases } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let cole: TestUser;

const utc = (iso: string) => new Date(`${iso}Z`);

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'] });
  cole = await t.createUser({ roles: ['coordinator'], name: 'Cole Coordinator' });
  const other = await t.createUser({ roles: ['coordinator'] });

  const insert = async (c: {
    created: string;
    response?: string;
    activated?: string;
    closed?: string;
    ownerId?: number;
  }) => {
    const [row] = await t.db
      .insert(cases)
      .values({
        title: `Case created ${c.created}`,
        status: c.closed ? 2 : c.activated ? 1 : 0,
        createdAt: utc(c.created),
        firstResponseAt: c.response ? utc(c.response) : null,
        activatedAt: c.activated ? utc(c.activated) : null,
        closedAt: c.closed ? utc(c.closed) : null,
        ownerId: c.ownerId ?? null,
      })
      .returning();
    return row.id;
  };
  // Range under test: 2024-03-01 … 2024-03-04 (UTC days).
  const c1 = await insert({ created: '2024-03-01T10:00:00', response: '2024-03-01T12:00:00', activated: '2024-03-02T09:00:00', closed: '2024-03-03T10:00:00' }); // prettier-ignore
  const c2 = await insert({ created: '2024-03-01T23:30:00', response: '2024-03-02T03:30:00', activated: '2024-03-02T04:00:00' }); // prettier-ignore
  const c3 = await insert({ created: '2024-03-02T00:00:00', response: '2024-03-02T09:00:00', closed: '2024-03-03T12:00:00' }); // prettier-ignore
  // Created before the range: its activation counts on its day, its durations do not.
  await insert({ created: '2024-02-28T08:00:00', response: '2024-02-28T09:00:00', activated: '2024-03-01T08:00:00', closed: '2024-03-05T08:00:00' }); // prettier-ignore
  await insert({
    created: '2024-03-02T12:00:00',
    closed: '2024-03-02T13:30:00',
    ownerId: cole.id,
  });
  await insert({ created: '2024-03-03T23:59:59' });
  // After the range.
  await insert({ created: '2024-03-05T00:00:00', response: '2024-03-05T01:00:00' });

  // Cole: was assigned to c1 (since unassigned), is an owner participant of c3, owns the case created at
  // 2024-03-02T12:00. Another
  // coordinator holds c2, which is not Cole's.
  await t.db.insert(caseAssignments).values([
    { caseId: c1, userId: cole.id, unassignedAt: utc('2024-03-02T00:00:00') },
    { caseId: c2, userId: other.id },
  ]);
  await t.db.insert(caseParticipants).values([
    { caseId: c3, userId: cole.id, role: 'owner' },
    { caseId: c2, userId: cole.id, role: 'observer' },
  ]);
});
afterAll(() => t.close());

describe('GET /api/metrics/', () => {
  it('counts cases opened, activated and closed per UTC day, every day present, with totals', async () => {
    const res = await coordinator.get('/api/metrics/?start=2024-03-01&end=2024-03-04');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ start: '2024-03-01', end: '2024-03-04', user: null });
    expect(body.days).toEqual([
      { date: '2024-03-01', opened: 2, activated: 1, closed: 0 },
      { date: '2024-03-02', opened: 2, activated: 2, closed: 1 },
      { date: '2024-03-03', opened: 1, activated: 0, closed: 2 },
      { date: '2024-03-04', opened: 0, activated: 0, closed: 0 },
    ]);
    expect(body.totals).toEqual({ opened: 5, activated: 3, closed: 3 });
  });

  it('measures time to first response and to close, in hours, for cases created in the range', async () => {
    const body = (await coordinator.get('/api/metrics/?start=2024-03-01&end=2024-03-04')).json();
    // First responses: 2 h, 4 h, 9 h.
    expect(body.time_to_first_response).toEqual({ count: 3, median_hours: 4, mean_hours: 5 });
    // Closes: 48 h, 36 h, 1.5 h.
    expect(body.time_to_close).toEqual({ count: 3, median_hours: 36, mean_hours: 28.5 });
  });

  it('with user=, counts only the cases that user is or was assigned to, or owns', async () => {
    const body = (
      await coordinator.get(`/api/metrics/?start=2024-03-01&end=2024-03-04&user=${cole.id}`)
    ).json();
    expect(body.user).toEqual({ id: cole.id, name: 'Cole Coordinator' });
    expect(body.days).toEqual([
      { date: '2024-03-01', opened: 1, activated: 0, closed: 0 },
      { date: '2024-03-02', opened: 2, activated: 1, closed: 1 },
      { date: '2024-03-03', opened: 0, activated: 0, closed: 2 },
      { date: '2024-03-04', opened: 0, activated: 0, closed: 0 },
    ]);
    expect(body.totals).toEqual({ opened: 3, activated: 1, closed: 3 });
    expect(body.time_to_first_response).toEqual({ count: 2, median_hours: 5.5, mean_hours: 5.5 });
    expect(body.time_to_close).toEqual({ count: 3, median_hours: 36, mean_hours: 28.5 });
  });

  it('answers zeros and empty figures for a quiet range; one day is a range', async () => {
    const body = (await coordinator.get('/api/metrics/?start=2023-01-01&end=2023-01-01')).json();
    expect(body.days).toEqual([{ date: '2023-01-01', opened: 0, activated: 0, closed: 0 }]);
    expect(body.totals).toEqual({ opened: 0, activated: 0, closed: 0 });
    expect(body.time_to_first_response).toEqual({ count: 0, median_hours: null, mean_hours: null });
    // A whole leap year: 366 days, each present.
    const year = (await coordinator.get('/api/metrics/?start=2024-01-01&end=2024-12-31')).json();
    expect(year.days).toHaveLength(366);
    expect(year.totals).toEqual({ opened: 7, activated: 3, closed: 4 });
  });

  it('is for staff: 403 for anyone else, 401 without a session', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    expect((await admin.get('/api/metrics/?start=2024-03-01&end=2024-03-04')).statusCode).toBe(200);
    for (const roles of [['reporter'], ['scorer']]) {
      const someone = await t.signIn({ roles });
      expect((await someone.get('/api/metrics/?start=2024-03-01&end=2024-03-04')).statusCode).toBe(403);
    }
    expect((await t.anonymous().get('/api/metrics/?start=2024-03-01&end=2024-03-04')).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await coordinator.get(`/api/metrics/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    };
    await bad('end=2024-03-04', 'start');
    await bad('start=2024-03-01', 'end');
    await bad('start=2024-3-1&end=2024-03-04', 'start');
    await bad('start=2024-02-30&end=2024-03-04', 'start');
    await bad('start=2024-03-05&end=2024-03-04', 'start');
    await bad('start=2023-01-01&end=2024-12-31', 'end');
    await bad('start=2024-03-01&end=2024-03-04&user=abc', 'user');
    await bad('start=2024-03-01&end=2024-03-04&user=0', 'user');
    await bad('start=2024-03-01&end=2024-03-04&user=99999999999', 'user');
    await bad('start=2024-03-01&end=2024-03-04&user=999999', 'user');
  });
});
