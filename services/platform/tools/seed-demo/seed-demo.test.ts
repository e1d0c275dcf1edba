// `npm run seed:demo`'s seed on a fresh database (the command opens the configured one and calls the same
// function): every role finds work on its home page — the scorer a queue of CVE records (three of them linked
// to the demo's published cases), the vendor cases waiting for its status and an advisory waiting for its
// approval, the coordinator new reports and owned cases, the reporter a question in a thread — and the
// cases carry threads with posts, files and published advisories. A second run doubles nothing. The queue
// is filled from a few of the shipped records here (the command reads all 1,471) to keep the test short,
// and it runs on the embedded database only: on PostgreSQL it would repeat what the stores' and the
// ingest's own tests check there, at the price of a second full seed in CI.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type SQL, isNotNull, sql } from 'drizzle-orm';
import { coordinationService } from '@cvdp/coordination';
import { scoringService } from '@cvdp/scoring';
import { type TestApp, TestClient, createTestApp } from '@cvdp/coordination/testing';
import { CVE_RECORDS_DIR } from '../../../scoring/testing/records.ts';
import { cveRecords } from '../../../scoring/src/records/tables.ts';
import { ADMIN, COORDINATOR, REPORTER, SCORER, VENDOR } from './people.ts';
import { PUBLISHED_CVES } from './published-cases.ts';
import { type SeedResult, seedDemo } from './seed.ts';

/** The published cases' records, two in CISA's KEV, one more. */
const RECORDS = [...PUBLISHED_CVES, 'CVE-2024-4577', 'CVE-2023-22515', 'CVE-2012-1867'];

let t: TestApp;
let first: SeedResult;
const seed = (password?: string) =>
  seedDemo({
    db: t.db,
    storage: t.storage,
    publicUrl: undefined,
    records: RECORDS.map((cve) => path.join(CVE_RECORDS_DIR, `${cve}.json`)),
    baseUrl: 'http://demo.test',
    password,
  });

describe.runIf(inject('dbTemplate').kind === 'pglite')('the demo seed on a fresh database', () => {
  beforeAll(async () => {
    t = await createTestApp({
      register: async (app) => {
        await app.register(coordinationService);
        await app.register(scoringService, { prefix: '/scoring' });
      },
    });
    first = await seed();
  }, 300_000);
  afterAll(() => t?.close());

  /** Signs in through the real login call with the password the seed printed. */
  async function as(
    email: string,
    password = first.cast.passwords.find((p) => p.person.email === email)!.password,
  ) {
    const client = new TestClient(t.app);
    const res = await client.post('/api/auth/login/', { email, password });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  const rowsOf = async <T>(query: SQL) => ((await t.db.execute(query)) as { rows: T[] }).rows;

  const json = async (client: TestClient, url: string) => {
    const res = await client.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  describe('every role has work on its home page', () => {
    it('the scorer: the queue holds the shipped records, the published ones linked to their cases', async () => {
      const scorer = await as(SCORER);
      const queue = await json(scorer, '/scoring/api/vuls/?page_size=50');
      expect(queue.count).toBe(RECORDS.length);
      expect(queue.results.map((v: { cve_id: string }) => v.cve_id).sort()).toEqual([...RECORDS].sort());
      const linked = await t.db
        .select({ cve: cveRecords.cveId, caseId: cveRecords.caseId })
        .from(cveRecords)
        .where(isNotNull(cveRecords.caseId));
      expect(Object.fromEntries(linked.map((r) => [r.cve, r.caseId]))).toEqual(
        Object.fromEntries(first.published),
      );
      expect(first.tasks.find((x) => x.role === 'scorer')).toMatchObject({
        url: 'http://demo.test/cvdp/scoring',
        task: expect.stringMatching(/lock CVE-\d+-\d+ \(in CISA's KEV\) and score it/),
      });
    });

    it('the vendor: open cases waiting for its status, and an advisory waiting for its approval', async () => {
      const vendor = await as(VENDOR);
      const open = await json(vendor, '/api/cases/?status=1&page_size=100');
      const mine = open.results.filter((c: { role: string }) => c.role === 'vendor');
      expect(mine.length).toBeGreaterThan(0);
      const waiting: number[] = [];
      const approvals: number[] = [];
      for (const c of mine) {
        const grid = await json(vendor, `/api/case/${c.id}/vendors/status/`);
        const acme = grid.vendors.find((v: { can_edit: boolean }) => v.can_edit);
        const said = grid.cells.filter(
          (cell: { participant: number; status: string }) =>
            cell.participant === acme.participant && cell.status !== 'unknown',
        );
        if (grid.vuls.length > said.length) waiting.push(c.id);
        const asked = await json(vendor, `/api/case/${c.id}/approvals/`);
        if (asked.results.some((a: { status: string }) => a.status === 'pending')) approvals.push(c.id);
      }
      expect(waiting.length).toBeGreaterThan(0);
      expect(approvals).toHaveLength(1);
      const task = first.tasks.find((x) => x.role === 'vendor')!;
      expect(task.url).toBe(`http://demo.test/cvdp/cases/${approvals[0]}/advisory`);
      expect(task.task).toContain(`#${waiting[0]}`);
    });

    it('the coordinator: new reports in triage and owned open cases on the desk', async () => {
      const coordinator = await as(COORDINATOR);
      expect((await json(coordinator, '/api/triage/')).count).toBe(12);
      expect((await json(coordinator, '/api/cases/?owned=True&status=0&status=1')).count).toBeGreaterThan(0);
    });

    it('the reporter: a thread whose last post asks them a question', async () => {
      const reporter = await as(REPORTER);
      const task = first.tasks.find((x) => x.role === 'reporter')!;
      const caseId = Number(/cases\/(\d+)\/threads$/.exec(task.url)![1]);
      const [thread] = (await json(reporter, `/api/case/${caseId}/threads/`)).results;
      const posts = (await json(reporter, `/api/case/thread/${thread.id}/posts/`)).results;
      expect(posts.length).toBeGreaterThan(1);
      expect(posts.at(-1).content).toMatch(/^@Rita Reporter: could you tell us/);
    });

    it('the admin: a registration waiting for approval', async () => {
      const admin = await as(ADMIN);
      expect((await json(admin, '/manage/users/pending/')).count).toBe(1);
    });
  });

  describe('cases at every stage', () => {
    it('files, vulnerabilities with SSVC and vendor status, and published advisories anyone may read', async () => {
      const coordinator = await as(COORDINATOR);
      // A proof of concept came with every third report; vendors attached release notes to their threads.
      const files = await json(coordinator, `/api/case/${first.caseIds.get('demo-case-2')}/artifacts/`);
      expect(files.results.map((f: { file_name: string }) => f.file_name)).toEqual(['poc-demo-case-2.txt']);
      const [{ n: notes }] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from artifacts where file_name = 'release-notes.txt'`,
      );
      expect(notes).toBeGreaterThan(0);

      const published = await json(new TestClient(t.app), '/api/advisories/');
      expect(published.count).toBe(PUBLISHED_CVES.length);
      const caseId = first.published.get('CVE-2024-0444')!;
      const vuls = await json(coordinator, `/api/case/${caseId}/vuls/`);
      expect(vuls.results).toMatchObject([{ cve: 'CVE-2024-0444', ssvc: { outcome: expect.any(String) } }]);
      const grid = await json(coordinator, `/api/case/${caseId}/vendors/status/`);
      expect(grid.cells).toMatchObject([{ status: 'fixed', fixed_versions: 'commit f368d63' }]);
    });
  });

  describe('running it again', () => {
    it('doubles nothing: every table keeps its rows but the ingest log (one row per ingest run)', async () => {
      const counts = async () => {
        const tables = await rowsOf<{ name: string }>(
          sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
        );
        const out: Record<string, number> = {};
        for (const { name } of tables)
          [{ n: out[name] }] = await rowsOf<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(name)}`,
          );
        return out;
      };
      const before = await counts();
      // With CVDP_DEMO_PASSWORD (the browser tests' demo server) everyone gets that one instead of new ones.
      const fixed = 'the one demo password';
      const again = await seed(fixed);
      const after = await counts();
      expect(again.cases.created).toBe(0);
      expect(again.queue.list).toMatchObject({ new: 0, updated: 0, unchanged: RECORDS.length });
      expect(again.queue.published).toMatchObject({ new: 0, updated: 0 });
      expect(after).toEqual({ ...before, ingest_jobs: before.ingest_jobs + 2 });
      expect(again.tasks.map((x) => x.url)).toEqual(first.tasks.map((x) => x.url));
      expect(again.tasks.map((x) => x.password)).toEqual(first.tasks.map(() => fixed));
      expect(again.cast.sharedPassword).toBe(fixed);
      for (const email of [ADMIN, VENDOR, 'cole@demo.cvdp.test']) await as(email, fixed);
    });
  });
});
