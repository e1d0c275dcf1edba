// The receiving side of transfers (issue 14) through the HTTP stack: another instance, holding one of our
// connections' incoming tokens, creates a case in triage with its report, then adds threads (posts keep their
// author text and time), vulnerabilities (scores recomputed here), an advisory revision, files and the VEX.
// A wrong, revoked, missing or disabled connection's token is a 401 with nothing created; every call is
// idempotent by its key; a case of another connection is a 404; a bad payload a 400 with nothing stored.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_REUSED,
  TRANSFER_CASE_NOT_FOUND,
  type TransferReport,
  type TransferThread,
  type TransferVuls,
} from '@cvdp/core';
import {
  SAMPLE_CVSS_31_VECTOR,
  SAMPLE_CVSS_VECTOR,
  sampleReportQuestions,
} from '@cvdp/core/testing/report/test-fixtures';
import { LocalFileStorage, loadConfig, loggerOptions, serverKitPlugin, sha256 } from '@cvdp/server-kit';
import { type SQL, sql } from 'drizzle-orm';
import { coordinationService } from '../../app.ts';
import { connections } from '../../connections/tables.ts';
import { instancePublisher } from '../../csaf/publisher.ts';
import { buildVex } from '../../csaf/vex.ts';
import { createTestApp, createTestDb, type TestApp, type TestClient } from '../../../testing/test-app.ts';

const TOKEN = 'their-token-to-us-AAAAAAAAAAAAAAAAAAAA';
const OTHER_TOKEN = 'another-instance-token-BBBBBBBBBBBBBBBB';
const ROOT = '/cvdp/api/transfers';

let t: TestApp;
let staff: TestClient;
let connectionId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://receiver.example' } });
  staff = await t.signIn({ roles: ['coordinator'] });
  const rows = await t.db
    .insert(connections)
    .values([
      {
        name: 'National CSIRT',
        baseUrl: 'https://sender.example/',
        outgoingTokenEncrypted: 'x',
        incomingTokenHash: sha256(TOKEN),
      },
      {
        name: 'Other CERT',
        baseUrl: 'https://other.example/',
        outgoingTokenEncrypted: 'x',
        incomingTokenHash: sha256(OTHER_TOKEN),
      },
    ])
    .returning();
  [connectionId, otherId] = rows.map((r) => r.id);
});
afterAll(() => t.close());

let keys = 0;
const newKey = (step: string) => `${crypto.randomUUID()}:${step}:${++keys}`;

function call(
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  opts: { token?: string | null; key?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.token === undefined ? TOKEN : opts.token;
  if (token !== null) headers.authorization = `Token ${token}`;
  const key = opts.key === undefined ? newKey('x') : opts.key;
  if (method === 'POST' && key !== null) headers['idempotency-key'] = key;
  return t.app.inject({
    method,
    url: `${ROOT}/${path}`,
    headers,
    ...(payload === undefined
      ? {}
      : typeof payload === 'string' || Buffer.isBuffer(payload)
        ? { payload }
        : { payload: payload as object }),
  });
}

const reportBody = (over: Partial<TransferReport> = {}): TransferReport => ({
  transfer: crypto.randomUUID(),
  source: { url: 'https://sender.example/cvdp/case/12', case_id: 12, case_label: 'VU#12' },
  case: {
    title: 'Overflow in the widget',
    summary: 'Moved to the sector CERT.',
    tags: ['energy'],
    created: '2026-01-02T03:04:05.000Z',
  },
  report: { report: sampleReportQuestions(), created: '2026-01-01T10:00:00.000Z' },
  ...over,
});

async function rowsOf<T extends Record<string, unknown>>(query: SQL): Promise<T[]> {
  const res = await t.db.execute<T>(query);
  return (res as { rows: T[] }).rows;
}

/** Row counts of every table this side writes. */
async function counts() {
  const res = await t.db.execute(
    sql`select (select count(*) from cases)::int as cases, (select count(*) from reports)::int as reports,
        (select count(*) from threads)::int as threads, (select count(*) from posts)::int as posts,
        (select count(*) from vulnerabilities)::int as vuls, (select count(*) from vul_cvss_scores)::int as cvss,
        (select count(*) from vul_ssvc_decisions)::int as ssvc, (select count(*) from advisory_revisions)::int as advisories,
        (select count(*) from artifacts)::int as artifacts, (select count(*) from transfer_requests)::int as requests,
        (select count(*) from received_transfers)::int as received, (select count(*) from activity)::int as activity`,
  );
  return (res as { rows: Record<string, number>[] }).rows[0];
}

async function newCase(token = TOKEN) {
  const res = await call('POST', 'report/', reportBody(), { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ case: number }>().case;
}

function multipart(name: string, bytes: Buffer, field = 'file') {
  const boundary = '----cvdptransfer';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('token auth', () => {
  it('a missing, unknown, revoked or disabled-connection token is a 401 and creates nothing', async () => {
    // An API token of a real user is not a connection token either.
    const apiToken = (await staff.post('/api/user/tokens/', { name: 'mine' })).json<{ key: string }>().key;
    const before = await counts();
    for (const token of [null, 'nope-nope-nope', `${TOKEN}x`, apiToken]) {
      const res = await call('POST', 'report/', reportBody(), { token });
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json()).toHaveProperty('detail');
      expect(res.body).not.toContain(TOKEN);
      expect((await call('GET', 'ping/', undefined, { token })).statusCode).toBe(401);
    }
    // The connection disabled: refused; enabled again, accepted.
    await t.db.update(connections).set({ enabled: false }).where(eq(connections.id, otherId));
    expect((await call('POST', 'report/', reportBody(), { token: OTHER_TOKEN })).statusCode).toBe(401);
    expect((await call('GET', 'ping/', undefined, { token: OTHER_TOKEN })).statusCode).toBe(401);
    // A bad payload without a token is a 401 too (the token is checked before the body is read).
    expect((await call('POST', 'report/', { nonsense: true }, { token: null })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    await t.db.update(connections).set({ enabled: true }).where(eq(connections.id, otherId));
    expect((await call('GET', 'ping/', undefined, { token: OTHER_TOKEN })).statusCode).toBe(200);
    // The token replaced by an administrator: the old one is refused.
    await t.db
      .update(connections)
      .set({ incomingTokenHash: sha256('replaced') })
      .where(eq(connections.id, otherId));
    expect((await call('GET', 'ping/', undefined, { token: OTHER_TOKEN })).statusCode).toBe(401);
    await t.db
      .update(connections)
      .set({ incomingTokenHash: sha256(OTHER_TOKEN) })
      .where(eq(connections.id, otherId));
  });

  it('ping answers who we are and the name we know the caller by, and records the contact', async () => {
    const res = await call('GET', 'ping/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ instance: 'https://receiver.example', connection: 'National CSIRT' });
    const [row] = await t.db.select().from(connections).where(eq(connections.id, connectionId));
    expect(row.lastContactAt).not.toBeNull();
  });

  it('session cookies mean nothing here: a signed-in coordinator without a token is a 401', async () => {
    expect((await staff.get(`${ROOT}/ping/`)).statusCode).toBe(401);
    expect((await staff.post(`${ROOT}/report/`, reportBody())).statusCode).toBe(401);
  });

  it('a POST without an Idempotency-Key is a 400 and creates nothing', async () => {
    const before = await counts();
    const res = await call('POST', 'report/', reportBody(), { key: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('Idempotency-Key');
    expect(await counts()).toEqual(before);
  });
});

describe('POST report/', () => {
  it('creates a case in triage with the report, attributed to the connection, once per key', async () => {
    const body = reportBody();
    const key = newKey('report');
    const first = await call('POST', 'report/', body, { key });
    expect(first.statusCode, first.body).toBe(201);
    const caseId = first.json<{ case: number }>().case;
    const detail = (await staff.get(`/api/cases/${caseId}/`)).json();
    expect(detail).toMatchObject({ id: caseId, title: 'Overflow in the widget', status: 0 });
    expect(detail.report.report).toEqual(sampleReportQuestions());
    const activity = await t.db.execute(
      sql`select verb, after from activity where case_id = ${caseId} and object_type = 'case'`,
    );
    const [row] = (activity as { rows: { verb: string; after: Record<string, unknown> }[] }).rows;
    expect(row.verb).toBe('transferred from National CSIRT');
    expect(row.after).toMatchObject({
      source_url: body.source.url,
      source_case: 12,
      connection: 'National CSIRT',
    });

    const before = await counts();
    const again = await call('POST', 'report/', body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ case: caseId });
    expect(await counts()).toEqual(before);
    // The same key for another payload is a conflict.
    const other = await call('POST', 'report/', reportBody(), { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(IDEMPOTENCY_KEY_REUSED);
    // The same transfer under a new key: its case, not a second one.
    const sameTransfer = await call('POST', 'report/', body);
    expect(sameTransfer.json()).toEqual({ case: caseId });
    expect((await counts()).cases).toBe(before.cases);
  });

  it('asks the coordinators to accept the case (Action needed) until one activates or closes it', async () => {
    const accepted = await newCase();
    const declined = await newCase();
    // The cases of this test only: the file's earlier tests received cases of their own, still waiting.
    const waiting = async () =>
      (await staff.get('/api/case/notifications/actions/'))
        .json<{
          results: { kind: string; case: number | null; title: string }[];
        }>()
        .results.filter((a) => a.case === accepted || a.case === declined);
    const asked = await waiting();
    expect(asked.filter((a) => a.kind === 'transfer').map((a) => a.case)).toEqual([declined, accepted]);
    expect(asked[0].title).toBe(
      `Case #${declined} was transferred from National CSIRT: accept it (activate) or decline it (close)`,
    );
    // A reporter (not a coordinator) is never asked.
    const reporter = await t.signIn();
    expect((await reporter.get('/api/case/notifications/actions/')).json()).toMatchObject({ count: 0 });

    let res = await staff.patch(`/api/cases/${accepted}/`, { status: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await waiting()).map((a) => a.case)).toEqual([declined]);
    const resolutions = (await staff.get('/manage/case/options/resolutions/')).json<{ id: number }[]>();
    res = await staff.patch(`/api/cases/${declined}/`, { status: 2, resolution: resolutions[0].id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await waiting()).toEqual([]);
  });

  it('two identical calls at once make one case: one 201, the other 200 with the same answer', async () => {
    const body = reportBody();
    const key = newKey('report');
    const before = await counts();
    const both = await Promise.all([
      call('POST', 'report/', body, { key }),
      call('POST', 'report/', body, { key }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].json()).toEqual(both[1].json());
    expect((await counts()).cases).toBe(before.cases + 1);
  });

  it('a report failing our report rules is a 400 with the reason, and nothing is stored', async () => {
    const before = await counts();
    const bad = reportBody({
      report: { report: [{ question: 'Who are you?', answer: 'x' }], created: '2026-01-01T00:00:00Z' },
    });
    const res = await call('POST', 'report/', bad);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toMatch(/Unknown question/);
    for (const body of [
      {},
      { ...reportBody(), transfer: 'not-a-uuid' },
      { ...reportBody(), case: { title: '' } },
    ]) {
      expect((await call('POST', 'report/', body)).statusCode).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('POST case/{id}/thread/', () => {
  const thread: TransferThread = {
    subject: 'Vendor coordination',
    official: true,
    posts: [
      {
        content: 'Fixed in **2.1**. <script>alert(1)</script>',
        author: 'vendor from group Acme PSIRT',
        created: '2026-01-05T08:00:00.000Z',
        replies: [{ content: 'Thanks!', author: 'coordinator', created: '2026-01-05T09:00:00.000Z' }],
      },
      { content: 'Second post', author: 'reporter', created: '2026-01-06T08:00:00.000Z', replies: [] },
    ],
  };

  it('creates the thread with its posts (author text and time kept, Markdown sanitised), once per key', async () => {
    const caseId = await newCase();
    const key = newKey('threads');
    const res = await call('POST', `case/${caseId}/thread/`, thread, { key });
    expect(res.statusCode, res.body).toBe(201);
    const threadId = res.json<{ thread: number }>().thread;
    const threads = (await staff.get(`/api/case/${caseId}/threads/`)).json();
    expect(threads.results).toEqual([
      expect.objectContaining({
        id: threadId,
        subject: 'Vendor coordination',
        official: true,
        post_count: 3,
      }),
    ]);
    const posts = (await staff.get(`/api/case/thread/${threadId}/posts/`)).json().results;
    expect(posts[0]).toMatchObject({
      author: null,
      external_author: 'vendor from group Acme PSIRT',
      created: '2026-01-05T08:00:00.000Z',
      replies: 1,
    });
    expect(posts[0].html).toContain('<strong>2.1</strong>');
    expect(posts[0].html).not.toContain('<script>');
    const all = await t.db.execute(
      sql`select content, external_author, reply_to, created_at from posts where thread_id = ${threadId} order by id`,
    );
    const rows = (all as { rows: { content: string; external_author: string; reply_to: number | null }[] })
      .rows;
    expect(rows.map((r) => r.external_author)).toEqual([
      'vendor from group Acme PSIRT',
      'reporter',
      'coordinator',
    ]);
    expect(rows[2].reply_to).not.toBeNull();

    const before = await counts();
    const again = await call('POST', `case/${caseId}/thread/`, thread, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ thread: threadId });
    expect(await counts()).toEqual(before);
  });

  it('a bad thread is a 400 with nothing stored', async () => {
    const caseId = await newCase();
    const before = await counts();
    const bad = { ...thread, posts: [...thread.posts, { content: '', author: 'x', created: 'yesterday' }] };
    const res = await call('POST', `case/${caseId}/thread/`, bad);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {}).join(' ')).toMatch(/posts/);
    expect(await counts()).toEqual(before);
  });
});

describe('POST case/{id}/vuls/', () => {
  const vuls: TransferVuls = {
    vuls: [
      {
        source_id: 501,
        title: 'Heap overflow',
        description: 'A crafted image overflows a heap buffer.',
        cve: 'CVE-2026-10001',
        cwes: ['CWE-787'],
        references: ['https://acme.example/advisory/1'],
        cvss: [
          { version: '4.0', vector: SAMPLE_CVSS_VECTOR },
          { version: '3.1', vector: SAMPLE_CVSS_31_VECTOR },
        ],
        ssvc: { table: 'cisa-coordinator', values: { E: 'A', A: 'Y', TI: 'T', MWI: 'H' } },
      },
      { source_id: 502, description: 'Second one' },
    ],
  };

  it('creates the vulnerabilities with scores and the SSVC outcome computed here, once per key', async () => {
    const caseId = await newCase();
    const key = newKey('vuls');
    const res = await call('POST', `case/${caseId}/vuls/`, vuls, { key });
    expect(res.statusCode, res.body).toBe(201);
    const ids = res.json<{ vuls: { source_id: number; id: number }[] }>().vuls;
    expect(ids.map((v) => v.source_id)).toEqual([501, 502]);
    const list = (await staff.get(`/api/case/${caseId}/vuls/`)).json().results;
    const first = list.find((v: { id: number }) => v.id === ids[0].id);
    expect(first).toMatchObject({
      cve: 'CVE-2026-10001',
      cwes: ['CWE-787'],
      local_id: 1,
      title: 'Heap overflow',
    });
    expect(
      first.cvss_scores.map((s: { version: string; score: number }) => [s.version, s.score]).sort(),
    ).toEqual([
      ['3.1', 9.8],
      ['4.0', 9.3],
    ]);
    expect(first.ssvc).toMatchObject({ table: 'cisa-coordinator', outcome_name: 'Act' });

    const before = await counts();
    const again = await call('POST', `case/${caseId}/vuls/`, vuls, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ vuls: ids });
    expect(await counts()).toEqual(before);
    // Sent again under another key (a retried step): the same vulnerabilities, none added.
    const retried = await call('POST', `case/${caseId}/vuls/`, vuls);
    expect(retried.json()).toEqual({ vuls: ids });
    expect((await counts()).vuls).toBe(before.vuls);
  });

  it('a score claimed in the payload is ignored; a wrong vector, SSVC value or unknown CWE is a 400 storing nothing', async () => {
    const caseId = await newCase();
    const before = await counts();
    const one = vuls.vuls[0];
    for (const [bad, field] of [
      [{ ...one, cvss: [{ version: '4.0', vector: 'CVSS:4.0/AV:Q' }] }, 'vuls.0.cvss.0.vector'],
      [{ ...one, cvss: [{ version: '3.1', vector: SAMPLE_CVSS_VECTOR }] }, 'vuls.0.cvss.0.version'],
      [{ ...one, ssvc: { table: 'cisa-coordinator', values: { E: 'nonsense' } } }, 'vuls.0.ssvc'],
      [{ ...one, cwes: ['CWE-99999999'] }, 'vuls.0.cwes'],
      [{ ...one, description: '' }, 'vuls.0.description'],
    ] as const) {
      const res = await call('POST', `case/${caseId}/vuls/`, { vuls: [vuls.vuls[1], bad] });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const errors = Object.keys(res.json().errors ?? {}).join(' ');
      expect(errors, res.body).toContain(field.replace('vuls.0', 'vuls.1'));
    }
    expect(await counts()).toEqual(before);
  });
});

describe('POST case/{id}/advisory/, artifacts/ and status/', () => {
  it('adds an advisory revision covering the mapped vulnerabilities, once per key', async () => {
    const caseId = await newCase();
    const vulIds = (
      await call('POST', `case/${caseId}/vuls/`, {
        vuls: [
          { source_id: 9, description: 'Covered' },
          { source_id: 10, description: 'Not' },
        ],
      })
    ).json().vuls;
    const body = {
      title: 'Acme Widget overflow',
      summary: 'Update to 2.1.',
      content: '## Details\nA heap overflow.',
      impact: 'Code execution',
      solution: 'Update',
      references: ['https://acme.example/a'],
      credits: ['Rita'],
      vulnerabilities: [9],
    };
    const key = newKey('advisory');
    const res = await call('POST', `case/${caseId}/advisory/`, body, { key });
    expect(res.statusCode, res.body).toBe(201);
    const latest = (await staff.get(`/api/case/${caseId}/advisory/latest/`)).json();
    expect(latest).toMatchObject({
      id: res.json().revision,
      revision: 1,
      title: 'Acme Widget overflow',
      credits: ['Rita'],
    });
    const [row] = await rowsOf<{ vul_ids: number[] }>(
      sql`select vul_ids from advisory_revisions where case_id = ${caseId}`,
    );
    expect(row.vul_ids).toEqual([vulIds[0].id]);
    const before = await counts();
    expect((await call('POST', `case/${caseId}/advisory/`, body, { key })).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
    const unknownVul = await call('POST', `case/${caseId}/advisory/`, { ...body, vulnerabilities: [77] });
    expect(unknownVul.statusCode).toBe(400);
    expect((await call('POST', `case/${caseId}/advisory/`, { ...body, title: '' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('stores a file byte for byte (size, sha256), once per key; a second file field or none is a 400', async () => {
    const caseId = await newCase();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const { payload, headers } = multipart('poc.bin', bytes);
    const key = newKey('artifacts');
    const res = await call('POST', `case/${caseId}/artifacts/`, payload, { key, headers });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ uuid: string; sha256: string; size: number }>();
    expect(answer).toMatchObject({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    });
    const download = await staff.get(`/api/case/artifact/${answer.uuid}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    const before = await counts();
    const again = await call('POST', `case/${caseId}/artifacts/`, payload, { key, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answer);
    expect(await counts()).toEqual(before);
    // Another file under the same key: a conflict, nothing kept.
    const other = multipart('poc.bin', Buffer.from('different'));
    expect(
      (await call('POST', `case/${caseId}/artifacts/`, other.payload, { key, headers: other.headers }))
        .statusCode,
    ).toBe(409);
    const wrongField = multipart('x.bin', bytes, 'upload');
    expect(
      (await call('POST', `case/${caseId}/artifacts/`, wrongField.payload, { headers: wrongField.headers }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', `case/${caseId}/artifacts/`, { file: 'x' })).statusCode).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('a too large file is refused (CVDP_MAX_UPLOAD_BYTES) with nothing stored', async () => {
    const small = await createTestApp({ config: { maxUploadBytes: 1024 } });
    try {
      await small.db.insert(connections).values({
        name: 'Sender',
        baseUrl: 'https://sender.example/',
        outgoingTokenEncrypted: 'x',
        incomingTokenHash: sha256(TOKEN),
      });
      const create = await small.app.inject({
        method: 'POST',
        url: `${ROOT}/report/`,
        headers: { authorization: `Token ${TOKEN}`, 'idempotency-key': 'k1' },
        payload: reportBody(),
      });
      const caseId = create.json().case;
      const { payload, headers } = multipart('big.bin', Buffer.alloc(4096, 1));
      const res = await small.app.inject({
        method: 'POST',
        url: `${ROOT}/case/${caseId}/artifacts/`,
        headers: { ...headers, authorization: `Token ${TOKEN}`, 'idempotency-key': 'k2' },
        payload,
      });
      expect(res.statusCode).toBe(413);
      const n = await small.db.execute(sql`select count(*)::int as n from artifacts`);
      expect((n as { rows: { n: number }[] }).rows[0].n).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('keeps a valid VEX as vex.json for staff; an invalid one is a 400 naming the failed tests', async () => {
    const caseId = await newCase();
    const T0 = new Date('2026-01-02T03:04:05.000Z');
    const vex = buildVex(
      {
        id: 7,
        caseId: 12,
        localId: 1,
        title: 'Heap overflow',
        description: 'A crafted image overflows a heap buffer.',
        cwes: [],
        cve: 'CVE-2025-10002',
        references: [],
        createdAt: T0,
        updatedAt: T0,
      },
      { id: 12 },
      [
        {
          participant: 3,
          vendor: 'Acme',
          status: 'affected',
          justification: null,
          product: 'Widget',
          affectedVersions: '1.0',
          fixedVersions: '2.0',
          cpe: null,
          purl: null,
          statement: '',
          updatedAt: T0,
        },
      ],
      instancePublisher({ publicUrl: 'https://sender.example' }),
    );
    const before = await counts();
    const invalid = await call('POST', `case/${caseId}/status/`, {
      vex: { ...vex, document: { category: 'csaf_vex' } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors).some((k) => k.startsWith('vex.'))).toBe(true);
    expect((await call('POST', `case/${caseId}/status/`, {})).statusCode).toBe(400);
    expect(await counts()).toEqual(before);

    const key = newKey('status');
    const res = await call('POST', `case/${caseId}/status/`, { vex }, { key });
    expect(res.statusCode, res.body).toBe(201);
    const files = (await staff.get(`/api/case/${caseId}/artifacts/`)).json();
    const list = Array.isArray(files) ? files : files.results;
    expect(list).toEqual([expect.objectContaining({ uuid: res.json().uuid, file_name: 'vex.json' })]);
    const stored = await staff.get(`/api/case/artifact/${res.json().uuid}/download/`);
    expect(JSON.parse(stored.body)).toEqual(vex);
    const after = await counts();
    expect((await call('POST', `case/${caseId}/status/`, { vex }, { key })).statusCode).toBe(200);
    expect(await counts()).toEqual(after);
  });
});

describe('cases of other connections', () => {
  it('case/{id}/… of a case another connection created, or of an ordinary case, is a 404 writing nothing', async () => {
    const mine = await newCase();
    const theirs = await newCase(OTHER_TOKEN);
    const [{ id: ordinary }] = await rowsOf<{ id: number }>(
      sql`insert into cases (title) values ('Local case') returning id`,
    );
    const before = await counts();
    for (const caseId of [theirs, ordinary, 2_000_000]) {
      const res = await call('POST', `case/${caseId}/thread/`, { subject: 'x', posts: [] });
      expect(res.statusCode, String(caseId)).toBe(404);
      expect(res.json().detail).toBe(TRANSFER_CASE_NOT_FOUND);
      expect((await call('POST', `case/${caseId}/vuls/`, { vuls: [] })).statusCode).toBe(404);
      expect((await call('POST', `case/${caseId}/advisory/`, { title: 'x' })).statusCode).toBe(404);
      const { payload, headers } = multipart('a.txt', Buffer.from('a'));
      expect((await call('POST', `case/${caseId}/artifacts/`, payload, { headers })).statusCode).toBe(404);
    }
    expect(await counts()).toEqual(before);
    expect((await call('POST', `case/${mine}/thread/`, { subject: 'x', posts: [] })).statusCode).toBe(201);
  });
});

describe('logs', () => {
  it('never carry the token, on success or refusal', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDb();
    const config = { ...loadConfig({}), logLevel: 'trace' };
    const app = Fastify({ logger: loggerOptions('trace', { stream }) });
    await app.register(serverKitPlugin, {
      db: database.db,
      config,
      storage: new LocalFileStorage(t.filesDir ?? '/tmp'),
    });
    await app.register(coordinationService);
    await app.ready();
    try {
      await database.db.insert(connections).values({
        name: 'Sender',
        baseUrl: 'https://sender.example/',
        outgoingTokenEncrypted: 'x',
        incomingTokenHash: sha256(TOKEN),
      });
      const headers = { authorization: `Token ${TOKEN}`, 'idempotency-key': 'log-1' };
      const ok = await app.inject({ method: 'POST', url: `${ROOT}/report/`, headers, payload: reportBody() });
      expect(ok.statusCode).toBe(201);
      await app.inject({ method: 'GET', url: `${ROOT}/ping/`, headers });
      await app.inject({
        method: 'POST',
        url: `${ROOT}/report/`,
        headers: { ...headers, 'idempotency-key': 'log-2' },
        payload: {},
      });
      await app.inject({
        method: 'GET',
        url: `${ROOT}/ping/`,
        headers: { authorization: `Token ${TOKEN}-wrong` },
      });
      expect(lines.length).toBeGreaterThan(5);
      expect(lines.join('\n')).not.toContain(TOKEN);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
