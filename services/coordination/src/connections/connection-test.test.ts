// POST manage/connection/{id}/test/ (issue 14): an administrator's "test connection" calls the other
// instance's cvdp/api/transfers/ping/ with the token we present to it, over real HTTP (here the instance
// talks to itself on loopback: the connection's outgoing and incoming tokens are one). The answer says what
// happened; the token never appears in it or in the audit row. Only three answers (issue 27): reachable, not
// reachable, refused by the outbound policy — a closed port, a web server that is not a CVDP and a refused
// token all read the same, so the test cannot map an internal network.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, ConnectionTestResult } from '@cvdp/core';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { connections } from './tables.ts';
import { CONNECTION_REFUSED_BY_POLICY, CONNECTION_UNREACHABLE } from './routes.ts';

const SECRET = 'connection-test-secret-key-0123456789';
const TOKEN = 'loopback-token-CCCCCCCCCCCCCCCCCCCC';

let t: TestApp;
let admin: TestClient;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ config: { secretKey: SECRET, publicUrl: 'https://cert.example' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.signIn({ roles: ['admin'] });
});
afterAll(() => t.close());

async function connection(body: Record<string, unknown>): Promise<Connection> {
  const res = await admin.post('/manage/connections/', { token: TOKEN, incoming_token: TOKEN, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Connection>();
}

describe('POST manage/connection/{id}/test/', () => {
  it('reaches the other instance with our token, says who answered and records the contact', async () => {
    const c = await connection({ name: 'Myself', base_url: base });
    const res = await admin.post(`/manage/connection/${c.id}/test/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ConnectionTestResult>()).toEqual({
      ok: true,
      outcome: 'reachable',
      instance: 'https://cert.example',
      detail: 'Connected to https://cert.example, which knows this instance as "Myself".',
    });
    expect(res.body).not.toContain(TOKEN);
    const [row] = await t.db.select().from(connections).where(eq(connections.id, c.id));
    expect(row.lastContactAt).not.toBeNull();
    const audit = await admin.get('/manage/activity/?object_type=connection');
    expect(audit.body).toContain('tested connection');
    expect(audit.body).not.toContain(TOKEN);

    // The other side no longer accepts our token: not ok, and why.
    await admin.patch(`/manage/connection/${c.id}/`, { token: `${TOKEN}-old` });
    const refused = (await admin.post(`/manage/connection/${c.id}/test/`)).json<ConnectionTestResult>();
    expect(refused).toEqual({ ok: false, outcome: 'unreachable', detail: CONNECTION_UNREACHABLE });
    await admin.delete(`/manage/connection/${c.id}/`);
  });

  it('an address nobody answers at and one that is not a CVDP read the same, and keep no contact', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = await connection({
      name: 'Down',
      base_url: `http://127.0.0.1:${closedPort}/`,
      incoming_token: `${TOKEN}-down`,
    });
    const res = (await admin.post(`/manage/connection/${down.id}/test/`)).json<ConnectionTestResult>();
    expect(res).toEqual({ ok: false, outcome: 'unreachable', detail: CONNECTION_UNREACHABLE });
    const [row] = await t.db.select().from(connections).where(eq(connections.id, down.id));
    expect(row.lastContactAt).toBeNull();
    await admin.delete(`/manage/connection/${down.id}/`);

    // A web server that is not a CVDP: a page, not a ping.
    const site = createServer((_req, res) => res.end('<html><body>Welcome</body></html>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = site.address() as AddressInfo;
      const wrong = await connection({
        name: 'Not a CVDP',
        base_url: `http://127.0.0.1:${port}/`,
        incoming_token: `${TOKEN}-site`,
      });
      const answer = (await admin.post(`/manage/connection/${wrong.id}/test/`)).json<ConnectionTestResult>();
      expect(answer).toEqual({ ok: false, outcome: 'unreachable', detail: CONNECTION_UNREACHABLE });
      await admin.delete(`/manage/connection/${wrong.id}/`);
    } finally {
      site.close();
    }
  });

  it('an address the outbound policy does not allow is refused by policy, without a call', async () => {
    // Tests allow 127.0.0.1 only: cloud metadata (link-local) and a private address stay refused.
    for (const [name, base_url] of [
      ['Metadata', 'http://169.254.169.254/'],
      ['Private', 'http://10.0.0.1:8000/'],
      ['Mapped', 'http://[::ffff:a00:1]/'],
    ]) {
      const c = await connection({ name, base_url, incoming_token: `${TOKEN}-${name}` });
      const res = (await admin.post(`/manage/connection/${c.id}/test/`)).json<ConnectionTestResult>();
      expect(res, base_url).toEqual({ ok: false, outcome: 'refused', detail: CONNECTION_REFUSED_BY_POLICY });
      await admin.delete(`/manage/connection/${c.id}/`);
    }
  });

  it('an empty PATCH of a connection changes nothing (no 500)', async () => {
    const c = await connection({ name: 'Unchanged', base_url: base, incoming_token: `${TOKEN}-same` });
    const res = await admin.patch(`/manage/connection/${c.id}/`, {});
    expect([200, 400], res.body).toContain(res.statusCode);
    expect((await admin.get('/manage/connections/')).json<Connection[]>()).toContainEqual(c);
    await admin.delete(`/manage/connection/${c.id}/`);
  });

  it('is admin-only; an unknown connection is a 404', async () => {
    const c = await connection({ name: 'Guarded', base_url: base, incoming_token: `${TOKEN}-guarded` });
    for (const roles of [['coordinator'], ['reporter']]) {
      const who = await t.signIn({ roles });
      expect((await who.post(`/manage/connection/${c.id}/test/`)).statusCode).toBe(403);
    }
    expect((await t.anonymous().post(`/manage/connection/${c.id}/test/`)).statusCode).toBe(401);
    expect((await admin.post('/manage/connection/999999/test/')).statusCode).toBe(404);
  });
});
