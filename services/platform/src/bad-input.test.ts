// The route-wide bad-input test (issue 15): every route of both services, read from the route table at
// test time — a route added tomorrow is covered the day it is added — gets a fixed set of hostile inputs
// as an anonymous caller, a reporter, an admin and another instance (a connection's token, for the
// cvdp/api/transfers/ calls). Nothing may answer 5xx, and a refused request (4xx) may not have written a row
// anywhere.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { TestClient, createTestApp, type TestApp } from '@cvdp/coordination/testing';
import {
  advisoryApprovals,
  advisoryRevisions,
  caseCsafSettings,
  caseParticipants,
  cases,
  coordinationService,
  csafProfiles,
  reports,
} from '@cvdp/coordination';
import { groups, sha256 } from '@cvdp/server-kit';
import { scoringService } from '@cvdp/scoring';

/** Another instance calling cvdp/api/transfers/…: its connection token, and a new Idempotency-Key each call. */
const CONNECTION_TOKEN = 'fuzzing-connection-token-0123456789';
class ConnectionClient extends TestClient {
  override request(...[method, url, options = {}]: Parameters<TestClient['request']>) {
    const headers = {
      ...(options.headers as Record<string, string>),
      authorization: `Token ${CONNECTION_TOKEN}`,
      'idempotency-key': randomUUID(),
    };
    return super.request(method, url, { ...options, headers, csrf: false });
  }
}

let t: TestApp;
const table: { method: string; url: string; bodyKeys: string[] }[] = [];
let callers: [string, TestClient][] = [];
let tables: string[] = [];

/** Keys of a route's zod body schema (to aim hostile values at real fields). */
function bodyKeys(route: RouteOptions): string[] {
  const body = (route.schema as { body?: { shape?: Record<string, unknown> } } | undefined)?.body;
  return body?.shape ? Object.keys(body.shape) : [];
}

beforeAll(async () => {
  t = await createTestApp({
    register: async (app) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          // Swagger UI's static files are not ours to fuzz.
          if (route.url.includes('/api/docs/static')) continue;
          table.push({ method, url: route.url, bodyKeys: bodyKeys(route) });
        }
      });
      await app.register(coordinationService);
      await app.register(scoringService, { prefix: '/scoring' });
    },
  });
  const reporter = await t.signIn({ roles: ['reporter'] });
  const admin = await t.signIn({ roles: ['admin', 'coordinator', 'scorer'] });
  // Real objects with id 1 (a case with its report, a group, a token), so hostile bodies sent to
  // `…/1/` reach the code behind the lookup and not only its 404.
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Fuzzed case', createdBy: reporter.user.id })
    .returning();
  await t.db
    .insert(reports)
    .values({ caseId: c.id, submittedBy: reporter.user.id, original: [], current: [] });
  const [participant] = await t.db
    .insert(caseParticipants)
    .values({ caseId: c.id, userId: reporter.user.id, role: 'reporter' })
    .returning();
  // A shared advisory revision and an approval request of the reporter's row (id 1), so the advisory and
  // approval calls reach the code behind their lookups (the reporter may answer it, the admin may not).
  const [revision] = await t.db
    .insert(advisoryRevisions)
    .values({ caseId: c.id, revision: 1, title: 'Fuzzed advisory', shared: true, dateShared: '2025-01-01' })
    .returning();
  await t.db
    .insert(advisoryApprovals)
    .values({ caseId: c.id, revisionId: revision.id, participantId: participant.id });
  // A CSAF profile (id 1) the fuzzed case's CSAF settings use, so the profile and settings calls reach the
  // code behind their lookups.
  const [profile] = await t.db
    .insert(csafProfiles)
    .values({ name: 'Fuzzed profile', publisherName: 'Fuzzed CERT', namespace: 'https://fuzz.example' })
    .returning();
  await t.db.insert(caseCsafSettings).values({ caseId: c.id, profileId: profile.id });
  await t.db.insert(groups).values({ name: 'Fuzzed group' });
  // A vulnerability (id 1) of the case, the group as its vendor and that vendor's status, so the
  // vulnerability (CVSS, SSVC), vendor status and VEX calls reach the code behind their lookups (and the VEX
  // has something to say).
  await t.db.execute(sql`
    with vul as (
      insert into vulnerabilities (case_id, local_id, description) values (${c.id}, 1, 'Fuzzed vulnerability')
      returning id
    ), vendor as (
      insert into case_participants (case_id, group_id, role)
      select ${c.id}, id, 'vendor' from groups where name = 'Fuzzed group'
      returning id
    )
    insert into vendor_status (case_id, vul_id, participant_id, status, fixed_versions)
    select ${c.id}, vul.id, vendor.id, 'affected', '2.0' from vul, vendor`);
  // A thread (id 1) of the case with a post (id 1), so the thread and post calls — the posts list's keyset
  // `after=` among them — reach the code behind the thread's lookup.
  await t.db.execute(sql`
    with thread as (
      insert into threads (case_id, subject, created_by, post_count)
      values (${c.id}, 'Fuzzed thread', ${reporter.user.id}, 1) returning id
    )
    insert into posts (thread_id, case_id, author_id, content, html)
    select thread.id, ${c.id}, ${reporter.user.id}, 'Fuzzed post', '<p>Fuzzed post</p>' from thread`);
  // A tag and a vulnerability attribute (id 1), so their PATCH/DELETE by id reach the code behind the lookup.
  await t.db.execute(sql`insert into tags (kind, name) values ('case', 'Fuzzed tag')`);
  await t.db.execute(sql`insert into vul_attributes (name, type) values ('Fuzzed attribute', 'text')`);
  // A disabled connection (id 1) and a transfer of the case over it with its steps, so the transfer calls
  // reach the code behind their lookups (a body that names connection 1 is refused: it is disabled).
  await t.db.execute(sql`
    insert into connections (name, base_url, outgoing_token_encrypted, incoming_token_hash, enabled)
    values ('Fuzzed connection', 'http://127.0.0.1:9/', 'x', 'fuzzed-hash', false)`);
  await t.db.execute(sql`
    with transfer as (
      insert into transfers (case_id, connection_id, connection_name, state)
      values (${c.id}, 1, 'Fuzzed connection', 'failed') returning id
    )
    insert into transfer_steps (transfer_id, step, position) select id, 'report', 0 from transfer`);
  // The receiving side of transfers: a connection whose token the 'connection' caller presents, and the case
  // as received over it, so cvdp/api/transfers/case/1/… calls reach the code behind the token and case checks.
  const [sender] = (
    (await t.db.execute(sql`
      insert into connections (name, base_url, outgoing_token_encrypted, incoming_token_hash)
      values ('Fuzzing sender', 'http://127.0.0.1:9/', 'x', ${sha256(CONNECTION_TOKEN)}) returning id`)) as {
      rows: { id: number }[];
    }
  ).rows;
  await t.db.execute(sql`
    insert into received_transfers (case_id, connection_id, connection_name, transfer_uuid, source_url,
      source_case_id, source_case_label)
    values (${c.id}, ${sender.id}, 'Fuzzing sender', gen_random_uuid(), 'https://sender.example/', 1, 'VU#1')`);
  // A CVE record (id 1) in the scoring queue, so base 2's /api/vuls/1/… calls reach the code behind the lookup.
  const cve = {
    dataType: 'CVE_RECORD',
    dataVersion: '5.1',
    cveMetadata: { cveId: 'CVE-2024-0001', state: 'PUBLISHED' },
    containers: { cna: { descriptions: [{ lang: 'en', value: 'Fuzzed record' }] } },
  };
  await t.db.execute(sql`
    insert into cve_records (cve_id, state, data_version, description, record, content_hash)
    values ('CVE-2024-0001', 'PUBLISHED', '5.1', 'Fuzzed record', ${JSON.stringify(cve)}::jsonb, 'fuzz')`);
  expect((await reporter.post('/api/user/tokens/', { name: 'fuzz' })).statusCode).toBe(201);
  callers = [
    ['anonymous', t.anonymous()],
    ['reporter', reporter],
    ['admin', admin],
    ['connection', new ConnectionClient(t.app)],
  ];
  const rows = await t.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  // Failed sign-ins are recorded on purpose (throttling); every other table must be untouched.
  tables = (rows as { rows: { tablename: string }[] }).rows
    .map((r) => r.tablename)
    .filter((name) => name !== 'login_failures' && !name.startsWith('__drizzle'));
}, 120_000);
afterAll(() => t.close());

async function rowCounts(): Promise<string> {
  const parts = tables.map((name) => `select '${name}' as t, count(*)::int as n from "${name}"`);
  const res = await t.db.execute(sql.raw(parts.join(' union all ')));
  return JSON.stringify((res as { rows: unknown[] }).rows);
}

const BIG = 'x'.repeat(1024 * 1024);
const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);
/** Ids a path may be given: past int4, hex, negative, zero, words, NUL, a lone surrogate, huge. */
const HOSTILE_IDS = [
  '2147483648',
  '99999999999',
  '0x10',
  '-1',
  '0',
  '1e3',
  'abc',
  '%00',
  '%ED%A0%80',
  '%F0%9F',
  'a'.repeat(300),
];
const HOSTILE_QUERY = [
  'page=2147483648&page_size=0x10',
  'page=-1&page_size=99999999999',
  'search=%00&query=%00&user=2147483648',
  `search=${'%ED%A0%80'}&query=%ED%A0%80&status=%ED%A0%80`,
  'user=0x10&id=2147483648&ordering=%00',
  `search=${'y'.repeat(20_000)}`,
  // The posts list's keyset parameter: past int4, with a page (not allowed together), negative.
  'after=2147483648&page_size=0x10',
  'after=1&page=2',
  'after=-1&pinned=2&search=%25',
];
const HOSTILE_HEADERS = {
  'x-forwarded-host': 'a b',
  'x-forwarded-proto': '::',
  'x-forwarded-for': 'not an ip, ::::',
};

interface Probe {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

function bodyProbes(keys: string[]): Probe[] {
  const json = (label: string, value: unknown): Probe => ({
    label,
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const allKeys = (v: unknown) => Object.fromEntries(keys.map((k) => [k, v]));
  const boundary = '----cvdpboundary';
  return [
    {
      label: 'a lone surrogate',
      payload: '{"name":"\\ud800","title":"\\udfff","email":"\\ud800@x.test"}',
      contentType: 'application/json',
    },
    { label: 'NUL', payload: '{"name":"a\\u0000b","message":"\\u0000"}', contentType: 'application/json' },
    json('ids past int4 in every field', allKeys(2_147_483_648)),
    json('arrays of ids past int4', allKeys([2_147_483_648, 0x10])),
    json('lone surrogates in every field', allKeys('\ud800')),
    json('NUL in every field', allKeys('a\u0000b')),
    json('1 MB strings in every field', allKeys(BIG.slice(0, 600_000))),
    json('null', null),
    json('a string', 'x'),
    json('an empty object', {}),
    { label: 'JSON nested 10,000 deep', payload: DEEP, contentType: 'application/json' },
    { label: 'broken JSON', payload: '{"a":', contentType: 'application/json' },
    { label: 'a 1 MB string body', payload: JSON.stringify(BIG), contentType: 'application/json' },
    { label: 'text/plain', payload: 'hello', contentType: 'text/plain' },
    { label: 'XML', payload: '<a/>', contentType: 'application/xml' },
    { label: 'multipart without a boundary', payload: 'garbage', contentType: 'multipart/form-data' },
    {
      label: 'multipart with a wrong boundary',
      payload: `--other\r\nContent-Disposition: form-data; name="report"\r\n\r\n[]\r\n--other--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      label: 'multipart cut off before its closing boundary',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="poc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      label: 'multipart garbage',
      payload: Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    {
      label: 'form-encoded with NUL',
      payload: 'name=a%00b&users%5B%5D=2147483648',
      contentType: 'application/x-www-form-urlencoded',
    },
  ];
}

/** The url with each :param replaced (every param gets the same value). */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value);

// Signing out would leave the rest of the run without a session; its refusals are covered elsewhere.
const SKIP_FOR_SIGNED_IN = new Set(['POST /api/auth/logout/']);

async function probe(
  who: string,
  client: TestClient,
  method: string,
  url: string,
  p: Probe = { label: 'no body' },
) {
  const before = await rowCounts();
  const headers: Record<string, string> = { ...HOSTILE_HEADERS };
  if (p.contentType) headers['content-type'] = p.contentType;
  const res = await client.request(method as 'GET', url, { payload: p.payload, headers });
  const where = `${who} ${method} ${url.slice(0, 120)} with ${p.label}`;
  expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(await rowCounts(), `${where} was refused but wrote rows`).toBe(before);
  return res;
}

describe('every route, hostile input', () => {
  it('the route table is read from the app and covers both services', () => {
    const urls = table.map((r) => r.url);
    expect(urls).toContain('/api/report/');
    expect(urls).toContain('/api/cases/:id/');
    expect(urls).toContain('/scoring/api/users/');
    expect(urls).toEqual(
      expect.arrayContaining([
        '/scoring/api/vuls/:id/analysis/',
        '/scoring/api/vuls/:id/analysis/adp/',
        '/scoring/api/vuls/:id/analysis/activity/',
        '/scoring/api/cpe/',
        '/scoring/api/cpes/',
        '/scoring/api/cpe/vuls/',
        '/scoring/api/priorities/',
        '/scoring/api/priorities/:id/',
        '/scoring/api/assignments/',
        '/scoring/api/assignments/:id/',
        '/scoring/api/insights/',
        '/scoring/api/insights/vulnrich/',
        '/scoring/api/insights/score/',
        '/scoring/api/predisclosure/vuls/',
        '/scoring/api/predisclosure/vuls/:id/',
        '/scoring/api/predisclosure/vuls/:id/score/',
      ]),
    );
    expect(urls).toEqual(expect.arrayContaining(['/api/case/:id/vendors/status/', '/api/vul/:id/vex/']));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/case/:id/vuls/',
        '/api/case/:id/vuls/from-report/',
        '/api/vul/:id/',
        '/api/vul/attributes/',
        '/api/case/vul/:id/cvss/',
        '/api/case/vul/:id/cvss/v:version/',
        '/api/case/vul/:id/ssvc/',
      ]),
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/case/:id/advisory/',
        '/api/case/:id/advisory/latest/',
        '/api/case/:id/advisory/revisions/',
        '/api/case/:id/advisory/diff/',
        '/api/case/:id/approvals/',
        '/api/case/approvals/:id/',
        '/api/advisories/',
        '/api/advisories/:id/',
        '/advisories/',
        '/advisories/:id/',
      ]),
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        '/manage/csaf/profiles/',
        '/manage/csaf/profiles/:id/',
        '/api/case/:id/settings/csaf/',
        '/api/case/:id/advisory/csaf/',
        '/api/advisory/upload/',
      ]),
    );
    // Issue 14: the administration catalogue.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/manage/activity/',
        '/manage/tags/',
        '/manage/tags/:kind/',
        '/manage/tag/:id/',
        '/manage/vul/attributes/',
        '/manage/vul/attributes/:id/',
        '/manage/connections/',
        '/manage/connection/:id/',
        '/manage/email/templates/',
        '/manage/email/template/:id/',
        '/manage/email/template/preview/',
        '/manage/email/template/:id/preview/',
      ]),
    );
    // Issue 14: transfers, the sending side.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/case/transfers/',
        '/api/case/transfers/connections/',
        '/api/case/:id/transfers/',
      ]),
    );
    // Issue 14: transfers, the receiving side (another instance's Token calls) and "test connection".
    expect(urls).toEqual(
      expect.arrayContaining([
        '/cvdp/api/transfers/ping/',
        '/cvdp/api/transfers/report/',
        '/cvdp/api/transfers/case/:id/thread/',
        '/cvdp/api/transfers/case/:id/vuls/',
        '/cvdp/api/transfers/case/:id/advisory/',
        '/cvdp/api/transfers/case/:id/artifacts/',
        '/cvdp/api/transfers/case/:id/status/',
        '/manage/connection/:id/test/',
      ]),
    );
    expect(table.length).toBeGreaterThan(25);
  });

  it('hostile ids in every path parameter', { timeout: 600_000 }, async () => {
    for (const route of table.filter((r) => r.url.includes(':'))) {
      for (const [who, client] of callers) {
        if (who !== 'anonymous' && SKIP_FOR_SIGNED_IN.has(`${route.method} ${route.url}`)) continue;
        for (const id of HOSTILE_IDS) await probe(who, client, route.method, fill(route.url, id));
      }
    }
  });

  it('hostile query strings and headers on every route', { timeout: 600_000 }, async () => {
    for (const route of table) {
      for (const [who, client] of callers) {
        if (who !== 'anonymous' && SKIP_FOR_SIGNED_IN.has(`${route.method} ${route.url}`)) continue;
        for (const q of HOSTILE_QUERY) await probe(who, client, route.method, `${fill(route.url, '1')}?${q}`);
      }
    }
  });

  it('hostile bodies on every unsafe route (with a real id in the path)', { timeout: 600_000 }, async () => {
    for (const route of table.filter((r) => r.method !== 'GET')) {
      for (const [who, client] of callers) {
        if (who !== 'anonymous' && SKIP_FOR_SIGNED_IN.has(`${route.method} ${route.url}`)) continue;
        for (const p of bodyProbes(route.bodyKeys))
          await probe(who, client, route.method, fill(route.url, '1'), p);
      }
    }
  });

  it('paging links never carry a host from the request headers', async () => {
    const admin = callers[2][1];
    const res = await admin.get('/manage/users/?page_size=1', {
      headers: { 'x-forwarded-host': 'evil.example', host: 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ next: string }>().next).toBe('/manage/users/?page_size=1&page=2');
  });
});
