// Likely duplicates (GET /api/case/{id}/duplicates/): each reason, the threshold that keeps unrelated
// reports quiet, and the access rule — a caller never sees a suggestion pointing at a case they may not see.
// "Merge into case N" (POST /api/case/{id}/merge/): the report attached there, the reporter told, nothing
// lost from either case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { DuplicatesAnswer, ReportFormValues } from '@cvdp/core';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { activity } from '@cvdp/server-kit';
import { artifacts, cases, reports } from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { storedBytesOf } from '../artifacts/store.ts';
import { MERGE_INTO_ITSELF, MERGE_ONLY_TRIAGE } from './merge.ts';

let t: TestApp;
let coordinator: TestClient & { user: TestUser };
let ana: TestClient & { user: TestUser };
let ben: TestClient & { user: TestUser };

const TEXT =
  'The export endpoint of the admin console builds a shell command from the file name parameter without ' +
  'escaping it, so an authenticated user can run arbitrary commands on the server.';

async function report(
  client: TestClient,
  values: Partial<ReportFormValues> & { description?: string; cwes?: string[]; references?: string },
  poc?: string,
): Promise<number> {
  const { description, cwes, references, ...rest } = values;
  const res = await submitReport(client, {
    report: sampleReportQuestions({
      ...rest,
      vulnerabilities: [
        sampleVulnerability({
          description: description ?? 'Unrelated',
          cwes: cwes ?? [],
          references: references ?? '',
          disclosed: references ? 'Yes' : 'No',
        }),
      ],
    }),
    ...(poc ? { poc: { name: 'poc.py', content: poc } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const duplicatesOf = async (client: TestClient, caseId: number) => {
  const res = await client.get(`/api/case/${caseId}/duplicates/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DuplicatesAnswer>().results;
};

let original = 0;
beforeAll(async () => {
  t = await createTestApp({ config: { submitRatePerMinute: 100 } });
  coordinator = await t.signIn({ roles: ['coordinator'] });
  ana = await t.signIn();
  ben = await t.signIn();
  original = await report(ana, {
    title: 'Command injection in Orbit Console export',
    product: 'Orbit Console 4.1',
    description: TEXT,
    cwes: ['CWE-78'],
  });
  // A CVE record of the scoring service (base 2), as its ingest writes one.
  await t.db
    .execute(sql`insert into cve_records (cve_id, state, data_version, title, description, products, cwes, record, content_hash)
    values ('CVE-2024-40001', 'PUBLISHED', '5.1', 'Path traversal in Lumen Gateway', 'Lumen Gateway lets a crafted path read any file.',
      array['Lumen Gateway'], array['CWE-22'],
      '{"containers":{"cna":{"references":[{"url":"https://lumen.example/advisories/LG-7"}]}}}', 'x')`);
});
afterAll(() => t.close());

describe('likely duplicates', () => {
  it('close text: a reworded report of the same flaw, with the reason and its similarity', async () => {
    const repeat = await report(ben, {
      title: 'Orbit Console export runs shell commands',
      product: 'Something else',
      description:
        'So an authenticated user can run arbitrary commands on the server: the export endpoint of the admin ' +
        'console builds a shell command from the file name parameter without escaping it.',
    });
    const [first] = await duplicatesOf(coordinator, repeat);
    expect(first).toMatchObject({
      kind: 'case',
      case: original,
      status_label: 'Pending',
      reasons: ['close_text'],
    });
    expect(first.similarity).toBeGreaterThan(0.5);
  });

  it('same product and CWE (the product without its version) ranks a partly alike report higher', async () => {
    const description =
      'The export endpoint of the admin console builds a shell command from the file name parameter.';
    const sameProduct = await report(ben, {
      title: 'Another flaw',
      product: 'orbit console 5.0',
      description,
      cwes: ['CWE-78', 'CWE-20'],
    });
    const otherProduct = await report(ben, {
      title: 'Another flaw',
      product: 'Comet',
      description,
      cwes: ['CWE-20'],
    });
    const withProduct = (await duplicatesOf(coordinator, sameProduct)).find((r) => r.case === original);
    expect(withProduct?.reasons).toContain('same_product_and_cwe');
    const without = (await duplicatesOf(coordinator, otherProduct)).find((r) => r.case === original);
    expect(without?.reasons ?? []).not.toContain('same_product_and_cwe');
    expect(withProduct!.score).toBeGreaterThan(without?.score ?? 0);
    expect(withProduct!.score - (without?.score ?? withProduct!.score - 0.15)).toBeCloseTo(0.15, 2);
  });

  it('same CVE id and same reference URL: a CVE record of base 2', async () => {
    const byId = await report(ben, {
      title: 'Gateway bug',
      product: 'Nothing alike',
      cve_assignment: 'Already has CVE-2024-40001 I think',
      description: 'A flaw.',
    });
    expect(await duplicatesOf(coordinator, byId)).toEqual([
      expect.objectContaining({
        kind: 'cve',
        case: null,
        cve_id: 'CVE-2024-40001',
        reasons: ['same_cve_id'],
      }),
    ]);
    const byUrl = await report(ben, {
      title: 'Gateway bug again',
      product: 'Nothing alike',
      description: 'A flaw, see the vendor note.',
      references: 'https://www.lumen.example/advisories/LG-7/',
    });
    expect((await duplicatesOf(coordinator, byUrl))[0]).toMatchObject({
      cve_id: 'CVE-2024-40001',
      reasons: ['same_reference_url'],
    });
  });

  it('same proof-of-concept file', async () => {
    const poc = 'import requests\nrequests.get("http://target/x?f=;id")\n';
    const a = await report(ana, { title: 'One', product: 'Alpha', description: 'First text.' }, poc);
    const b = await report(ben, { title: 'Two', product: 'Beta', description: 'Nothing in common.' }, poc);
    expect(await duplicatesOf(coordinator, b)).toEqual([
      expect.objectContaining({ case: a, reasons: ['same_poc_file'] }),
    ]);
  });

  it('nothing for a report that repeats nothing', async () => {
    const fresh = await report(ben, {
      title: 'Timing leak in Quill tokens',
      product: 'Quill Auth',
      description: 'Token comparison returns early on the first differing byte, leaking the token by timing.',
      cwes: ['CWE-208'],
    });
    expect(await duplicatesOf(coordinator, fresh)).toEqual([]);
  });

  it("never points at a case the caller may not see: a reporter sees only their own cases' suggestions", async () => {
    const repeat = await report(ben, {
      title: 'Orbit export injection',
      product: 'Orbit Console',
      description: TEXT,
    });
    const staffView = await duplicatesOf(coordinator, repeat);
    expect(staffView.map((r) => r.case)).toContain(original);
    const benView = await duplicatesOf(ben, repeat);
    expect(benView.map((r) => r.case)).not.toContain(original);
    // Ben's own earlier reworded report of it is his to see.
    expect(benView.length).toBeGreaterThan(0);
    for (const r of benView.filter((s) => s.kind === 'case'))
      expect((await ben.get(`/api/cases/${r.case}/`)).statusCode).toBe(200);
    // A stranger to the case learns nothing.
    expect((await (await t.signIn()).get(`/api/case/${repeat}/duplicates/`)).statusCode).toBe(404);
  });
});

describe('merge into case N', () => {
  it('attaches the report to case N, closes the triage case as a duplicate and tells the reporter', async () => {
    const target = await report(ana, {
      title: 'Target',
      product: 'Delta',
      description: 'Delta leaks memory.',
    });
    const poc = 'delta poc';
    const source = await report(
      ben,
      { title: 'Delta leak', product: 'Delta', description: 'Delta leaks.' },
      poc,
    );
    const before = await t.db.select().from(reports).where(eq(reports.caseId, source));

    const bytesBefore = await storedBytesOf(t.db, ben.user.id);
    const res = await coordinator.post(`/api/case/${source}/merge/`, { into: target, message: 'Thanks!' });
    expect(res.statusCode, res.body).toBe(200);
    const { report: copyId } = res.json();
    expect(res.json()).toMatchObject({ case: source, into: target });

    // Case N: its own report first, then the merged copy with the reporter and the original intact.
    const onTarget = await t.db
      .select()
      .from(reports)
      .where(eq(reports.caseId, target))
      .orderBy(asc(reports.id));
    expect(onTarget.map((r) => r.id)).toEqual([onTarget[0].id, copyId]);
    expect(onTarget[1]).toMatchObject({
      submittedBy: ben.user.id,
      original: before[0].original,
      current: before[0].current,
    });
    // The triage case keeps its report and file, closed as a duplicate.
    expect(await t.db.select().from(reports).where(eq(reports.caseId, source))).toEqual(before);
    expect(await t.db.select().from(artifacts).where(eq(artifacts.caseId, source))).toHaveLength(1);
    const detail = (await coordinator.get(`/api/cases/${source}/`)).json();
    expect(detail).toMatchObject({ status: 2, resolution: { name: 'Duplicate' } });
    const [targetCase] = await t.db.select().from(cases).where(eq(cases.id, target));
    expect(targetCase.firstResponseAt).not.toBeNull();
    const verbs = await t.db.select({ verb: activity.verb, caseId: activity.caseId }).from(activity);
    expect(verbs).toEqual(
      expect.arrayContaining([
        { verb: 'merged report', caseId: target },
        { verb: 'merged into case', caseId: source },
      ]),
    );

    // Ben is told on his own case (he may not see case N).
    const told = (await ben.get('/api/case/notifications/')).json().results;
    expect(told[0]).toMatchObject({ case: source, kind: 'status_changed' });
    expect(told[0].body).toContain(`case #${target}`);
    expect(told[0].body).toContain('Thanks!');
    expect((await ben.get(`/api/cases/${target}/`)).statusCode).toBe(404);

    // The PoC file is on case N too (unshared, like a report's file), the same bytes; deleting it there
    // leaves the triage case's file whole, and counts against Ben's quota once.
    const files = (await coordinator.get(`/api/case/${target}/artifacts/`)).json();
    const list = (Array.isArray(files) ? files : files.results) as {
      uuid: string;
      file_name: string;
      shared: boolean;
    }[];
    expect(list).toEqual([expect.objectContaining({ file_name: 'poc.py', shared: false })]);
    const download = await coordinator.get(`/api/case/artifact/${list[0].uuid}/download/`);
    expect(download.body).toBe(poc);
    const [merged] = await t.db.select().from(activity).where(eq(activity.verb, 'merged report'));
    expect(merged.after).toMatchObject({ files: [{ uuid: list[0].uuid, file_name: 'poc.py' }] });
    expect(await storedBytesOf(t.db, ben.user.id)).toBe(bytesBefore);
    expect((await coordinator.delete(`/api/case/artifact/${list[0].uuid}/`)).statusCode).toBe(204);
    const [kept] = await t.db.select().from(artifacts).where(eq(artifacts.caseId, source));
    expect((await coordinator.get(`/api/case/artifact/${kept.uuid}/download/`)).body).toBe(poc);

    // Merging again: the case is no longer in triage.
    const again = await coordinator.post(`/api/case/${source}/merge/`, { into: target });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(MERGE_ONLY_TRIAGE);
  });

  it('refuses a merge into itself or a missing case (400 naming into), and anyone but staff (403)', async () => {
    const c = await report(ben, { title: 'Lonely', product: 'Echo', description: 'Echo.' });
    const self = await coordinator.post(`/api/case/${c}/merge/`, { into: c });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors.into).toEqual([MERGE_INTO_ITSELF]);
    const missing = await coordinator.post(`/api/case/${c}/merge/`, { into: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('into');
    expect((await ben.post(`/api/case/${c}/merge/`, { into: original })).statusCode).toBe(403);
    expect((await t.db.select().from(cases).where(eq(cases.id, c)))[0].status).toBe(0);
  });
});
