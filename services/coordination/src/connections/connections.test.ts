// manage/connections/ (issue 14): admins keep other instances' base URL, the token we present to them
// (encrypted at rest) and the one they present to us (hashed); neither token is ever answered or audited.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_CONNECTION, type AuditEntry, type Connection, type PageOf } from '@cvdp/core';
import { decryptSecret, sha256 } from '@cvdp/server-kit';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { connections } from './tables.ts';

const SECRET = 'connections-test-secret-key-0123456789';
const OUT = 'outgoing-token-AAAAAAAAAAAAAAAAAAAA';
const IN = 'incoming-token-BBBBBBBBBBBBBBBBBBBB';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { secretKey: SECRET } });
});
afterAll(() => t.close());

describe('manage/connections/', () => {
  it('creates, lists (?all=1 for disabled ones), edits and deletes, never showing a token', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const res = await admin.post('/manage/connections/', {
      name: 'Sector CERT',
      base_url: 'https://cert.example/cvdp/',
      token: OUT,
      incoming_token: IN,
    });
    expect(res.statusCode).toBe(201);
    const c = res.json<Connection>();
    expect(c).toMatchObject({
      name: 'Sector CERT',
      base_url: 'https://cert.example/cvdp/',
      enabled: true,
      last_contact: null,
    });
    expect(res.body).not.toContain(OUT);
    expect(res.body).not.toContain(IN);
    const [row] = await t.db.select().from(connections).where(eq(connections.id, c.id));
    expect(row.outgoingTokenEncrypted).not.toContain(OUT);
    expect(decryptSecret(row.outgoingTokenEncrypted, SECRET)).toBe(OUT);
    expect(row.incomingTokenHash).toBe(sha256(IN));

    const dup = await admin.post('/manage/connections/', {
      name: 'sector cert',
      base_url: 'https://other.example/',
      token: OUT,
      incoming_token: `${IN}x`,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ errors: { name: [DUPLICATE_CONNECTION] } });
    expect(
      (
        await admin.post('/manage/connections/', {
          name: 'X',
          base_url: 'ftp://x/',
          token: OUT,
          incoming_token: IN,
        })
      ).statusCode,
    ).toBe(400);

    const off = await admin.patch(`/manage/connection/${c.id}/`, { enabled: false, token: `${OUT}2` });
    expect(off.statusCode).toBe(200);
    expect(off.json<Connection>().enabled).toBe(false);
    expect(off.body).not.toContain(OUT);
    expect((await admin.get('/manage/connections/')).json<Connection[]>()).toEqual([]);
    expect((await admin.get('/manage/connections/?all=1')).json<Connection[]>().map((x) => x.id)).toEqual([
      c.id,
    ]);

    expect((await admin.delete(`/manage/connection/${c.id}/`)).statusCode).toBe(204);
    expect((await admin.delete(`/manage/connection/${c.id}/`)).statusCode).toBe(404);
    expect((await admin.patch(`/manage/connection/${c.id}/`, { enabled: true })).statusCode).toBe(404);

    const log = await admin.get('/manage/activity/?object_type=connection');
    const entries = log.json<PageOf<AuditEntry>>().results;
    expect(entries.map((e) => e.verb)).toEqual([
      'removed connection',
      'changed connection',
      'added connection',
    ]);
    expect(entries[1]).toMatchObject({
      before: { enabled: true, name: 'Sector CERT' },
      after: { enabled: false, token_replaced: true },
    });
    expect(log.body).not.toContain(OUT);
    expect(log.body).not.toContain(IN);
  });

  it('is admin-only', async () => {
    for (const roles of [['coordinator'], ['reporter']] as const) {
      const who = await t.signIn({ roles: [...roles] });
      expect((await who.get('/manage/connections/')).statusCode).toBe(403);
      expect(
        (
          await who.post('/manage/connections/', {
            name: 'N',
            base_url: 'https://n.example/',
            token: OUT,
            incoming_token: IN,
          })
        ).statusCode,
      ).toBe(403);
      expect((await who.patch('/manage/connection/1/', { enabled: false })).statusCode).toBe(403);
      expect((await who.delete('/manage/connection/1/')).statusCode).toBe(403);
    }
    expect(await t.db.select().from(connections)).toEqual([]);
  });
});
