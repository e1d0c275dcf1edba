// The route-wide bad-input suite's shared part (services/platform/src/bad-input/*.test.ts): the route
// table read from the app, the callers, the hostile inputs, and the check that a refused request wrote
// nothing. Each test file builds its own app and database from it, so the three probe families run side by
// side on separate workers instead of one file setting a floor under the whole run.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { TestClient, createTestApp, type TestApp } from '@cvdp/coordination/testing';
import {
  can,
  loadCaseAccess,
  type PolicyAction,
  advisoryApprovals,
  advisoryRevisions,
  caseCsafSettings,
  caseParticipants,
  cases,
  coordinationService,
  csafProfiles,
  reports,
} from '@cvdp/coordination';
import { groups, loadAuthUser, sha256 } from '@cvdp/server-kit';
import { scoringService } from '@cvdp/scoring';
import { trackRowChanges } from '@cvdp/coordination/testing/row-changes';

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

export interface RouteEntry {
  method: string;
  url: string;
  bodyKeys: string[];
  /** Who may call it, as the route declared (server-kit RouteSpec.access); undefined for routes of others. */
  access: 'public' | 'user' | readonly string[] | undefined;
  /** The policy action a case-bound route takes (the case scope's `allow`), checked before the body. */
  caseAction?: PolicyAction;
}

/** The roles each caller holds (the connection's token is no user's: it holds none). */
const CALLER_ROLES: Record<string, readonly string[] | null> = {
  anonymous: null,
  reporter: ['reporter'],
  admin: ['admin', 'coordinator', 'scorer'],
  connection: null,
};

/**
 * Whether the route refuses this caller outright: its declared access does (anonymous or another instance
 * on a signed-in route, a caller holding none of the roles it names), or, on a case-bound route that names
 * its action, the policy refuses it to the caller in case 1 (`mayInCase`, read from the policy by the
 * fuzzer). Such a caller must get 401 or 403 whatever it sends: the checks run before the body is read.
 */
export function lacksAccess(who: string, route: RouteEntry, mayInCase?: Fuzzer['mayInCase']): boolean {
  const roles = CALLER_ROLES[who];
  if (route.access === undefined || route.access === 'public') return false;
  if (roles === null) return true;
  if (route.access !== 'user' && !route.access.some((role) => roles.includes(role))) return true;
  return route.caseAction !== undefined && mayInCase?.[who]?.has(route.caseAction) === false;
}

export interface Fuzzer {
  t: TestApp;
  table: RouteEntry[];
  callers: [string, TestClient][];
  /** Sends one hostile request and asserts no 5xx and, if it was refused, no row written anywhere. */
  probe(
    who: string,
    client: TestClient,
    method: string,
    url: string,
    p?: Probe,
  ): Promise<{ statusCode: number }>;
  /**
   * Runs the probes of one caller on one route that its access refuses outright (`lacksAccess`): each must be
   * refused (≥ 400), and the rows are read once after the whole group rather than after each request.
   */
  refusedGroup(where: string, send: () => Promise<void>): Promise<void>;
  /** How many requests were sent and how many refusals were checked for writes. */
  stats: { requests: number; refusalsChecked: number; rowReads: number };
  /** The case-bound routes' actions each signed-in caller may take in case 1, by the policy. */
  mayInCase: Record<string, Set<PolicyAction>>;
}

/** Keys of a route's zod body schema (to aim hostile values at real fields). */
function bodyKeys(route: RouteOptions): string[] {
  const body = (route.schema as { body?: { shape?: Record<string, unknown> } } | undefined)?.body;
  return body?.shape ? Object.keys(body.shape) : [];
}

export const BIG = 'x'.repeat(1024 * 1024);
const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);
/** Ids a path may be given: past int4, hex, negative, zero, words, NUL, a lone surrogate, huge. */
export const HOSTILE_IDS = [
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
export const HOSTILE_QUERY = [
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

export interface Probe {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

export function bodyProbes(keys: string[]): Probe[] {
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
export const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value);

// Signing out would leave the rest of the run without a session; its refusals are covered elsewhere.
export const SKIP_FOR_SIGNED_IN = new Set(['POST /api/auth/logout/']);

/**
 * Sends one caller's probes of one route: as a refused group (one read of the rows at its end) when the
 * caller's access refuses the route outright, else each checked on its own.
 */
export function sendProbes(
  f: Fuzzer,
  { route, who }: { route: RouteEntry; who: string },
  send: () => Promise<void>,
): Promise<void> {
  return lacksAccess(who, route, f.mayInCase)
    ? f.refusedGroup(`${who} ${route.method} ${route.url}`, send)
    : send();
}

/** Each caller with the routes it is sent to (every route, less sign-out for the signed-in ones). */
export function* routesByCaller(f: Fuzzer, routes: RouteEntry[]) {
  for (const route of routes) {
    for (const [who, client] of f.callers) {
      if (who !== 'anonymous' && SKIP_FOR_SIGNED_IN.has(`${route.method} ${route.url}`)) continue;
      yield { route, who, client };
    }
  }
}

/**
 * The platform (both services) on a database of its own, with real objects of id 1 for the hostile
 * requests to reach the code behind their lookups, the four callers and the row-change tracker.
 */
export async function createFuzzer(): Promise<Fuzzer> {
  const table: RouteEntry[] = [];
  const t = await createTestApp({
    register: async (app) => {
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          // Swagger UI's static files are not ours to fuzz.
          if (route.url.includes('/api/docs/static')) continue;
          const config = route.config as Pick<RouteEntry, 'access' | 'caseAction'> | undefined;
          table.push({
            method,
            url: route.url,
            bodyKeys: bodyKeys(route),
            access: config?.access,
            caseAction: config?.caseAction,
          });
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
  const callers: [string, TestClient][] = [
    ['anonymous', t.anonymous()],
    ['reporter', reporter],
    ['admin', admin],
    ['connection', new ConnectionClient(t.app)],
  ];
  // The fuzz changes no user, session or membership in raw SQL, so the clients need not wait for the
  // session cache's NOTIFY round trip before each request (one statement less per request).
  for (const [, client] of callers) client.syncSessionCache = false;

  // Failed sign-ins are recorded on purpose (throttling); every other table must be untouched. Counting
  // every table's rows around each request (~8 ms a time) cost more than the requests themselves.
  const tracker = await trackRowChanges(t.db, { mode: 'count', exclude: ['login_failures'] });
  const changes = () => {
    stats.rowReads++;
    return tracker.read();
  };

  const stats = { requests: 0, refusalsChecked: 0, rowReads: 0 };
  // The tracker's state before the next request: after a refusal it is what it was before (asserted), so
  // only a request that went through needs a fresh read. One read per request instead of two.
  let current: string | undefined;
  // Inside a refused group: the group's name. Its requests are refused before the body is read (the access
  // checks run in onRequest), so one read of the rows after the group proves that none of them wrote; a read
  // after each one (a query per request) cost more than the requests themselves.
  let group: string | undefined;
  const probe: Fuzzer['probe'] = async (who, client, method, url, p = { label: 'no body' }) => {
    const before = (current ??= await changes());
    const headers: Record<string, string> = { ...HOSTILE_HEADERS };
    if (p.contentType) headers['content-type'] = p.contentType;
    const res = await client.request(method as 'GET', url, { payload: p.payload, headers });
    stats.requests++;
    const where = `${who} ${method} ${url.slice(0, 120)} with ${p.label}`;
    expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (group !== undefined) {
      expect(
        res.statusCode,
        `${where}: the caller may not call it, but it was answered`,
      ).toBeGreaterThanOrEqual(400);
      stats.refusalsChecked++;
    } else if (res.statusCode >= 400) {
      stats.refusalsChecked++;
      expect(await changes(), `${where} was refused but wrote rows`).toBe(before);
    } else {
      current = undefined;
    }
    return res;
  };
  const refusedGroup: Fuzzer['refusedGroup'] = async (where, send) => {
    const before = (current ??= await changes());
    group = where;
    try {
      await send();
    } finally {
      group = undefined;
    }
    expect(await changes(), `${where}: refused requests wrote rows`).toBe(before);
  };
  const mayInCase: Fuzzer['mayInCase'] = {};
  for (const [who, client] of [
    ['reporter', reporter],
    ['admin', admin],
  ] as const) {
    const access = await loadCaseAccess(t.db, (await loadAuthUser(t.db, client.user.id))!, c.id);
    const actions = new Set(table.flatMap((r) => (r.caseAction ? [r.caseAction] : [])));
    mayInCase[who] = new Set([...actions].filter((action) => access && can(action, access)));
  }
  return { t, table, callers, probe, refusedGroup, stats, mayInCase };
}

/**
 * A test file's fuzzer: built before its tests (a database and app of the file's own), closed after them,
 * with how many requests it sent printed under `label`. The tests read it through the returned getter.
 */
export function useFuzzer(label: string): () => Fuzzer {
  let f: Fuzzer | undefined;
  beforeAll(async () => {
    f = await createFuzzer();
  }, 120_000);
  afterAll(async () => {
    if (!f) return;
    console.log(
      `bad input (${label}): ${f.stats.requests} requests, ${f.stats.refusalsChecked} refusals checked for writes, ${f.stats.rowReads} reads of the row counters`,
    );
    await f.t.close();
  });
  return () => f!;
}
