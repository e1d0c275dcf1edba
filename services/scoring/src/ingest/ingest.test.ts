// Ingest of the real CVE records: all 1,471 with exact counts, a second run that changes nothing, the
// provenance of every value where the CNA and CISA disagree, refused files (named, skipped, the rest goes
// on), an update that keeps scorers' work, and the admin upload with its progress row.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { postgresPoolOf } from '@cvdp/server-kit';
import { cveRecords, vulActivity, vulChanges, vulEnrichment, vulScores } from '../tables.ts';
import { createScoringTestApp, S, type TestApp } from '../../testing/test-app.ts';
import {
  CVE_RECORDS_DIR,
  ingestPaths,
  readRecord,
  recordsFolder,
  requireRecordsDir,
} from '../../testing/records.ts';
import { makeZip } from '../../testing/zip.ts';
import { MAX_RECORD_BYTES, parseCveRecord } from './parse-record.ts';
import { ingestFiles } from './ingest.ts';
import type { SourceFile } from './sources.ts';
import { fileForm } from '@cvdp/server-kit/testing/file-form';

let t: TestApp;
beforeAll(async () => {
  requireRecordsDir();
  t = await createScoringTestApp();
}, 120_000);
afterAll(() => t?.close());

const rowCount = async (
  table: typeof cveRecords | typeof vulEnrichment | typeof vulChanges | typeof vulActivity,
) => (await t.db.select({ n: count() }).from(table))[0].n;

describe('all 1,471 shared records', () => {
  it('ingests every record once, then a second run changes nothing', { timeout: 600_000 }, async () => {
    const first = await ingestPaths(t.db, [CVE_RECORDS_DIR]);
    expect(first).toMatchObject({ filesRead: 1471, new: 1471, updated: 0, unchanged: 0, rejected: 0 });
    expect(await rowCount(cveRecords)).toBe(1471);
    const [states] = await t.db
      .select({
        rejected: sql<number>`count(*) filter (where state = 'REJECTED')::int`,
        kev: sql<number>`count(*) filter (where kev)::int`,
        ssvc: sql<number>`count(*) filter (where has_ssvc)::int`,
      })
      .from(cveRecords);
    expect(states).toEqual({ rejected: 2, kev: 15, ssvc: 1469 });
    // One SSVC value per record with CISA's container, all from adp:CISA-ADP.
    const ssvc = await t.db
      .select({ source: vulEnrichment.source, n: count() })
      .from(vulEnrichment)
      .where(eq(vulEnrichment.kind, 'ssvc'))
      .groupBy(vulEnrichment.source);
    expect(ssvc).toEqual([{ source: 'adp:CISA-ADP', n: 1469 }]);

    const enrichment = await rowCount(vulEnrichment);
    const changes = await rowCount(vulChanges);
    const activity = await rowCount(vulActivity);
    const hashes = await t.db
      .select({ id: cveRecords.id, h: cveRecords.contentHash, u: cveRecords.updatedAt })
      .from(cveRecords);

    const second = await ingestPaths(t.db, [CVE_RECORDS_DIR]);
    expect(second).toMatchObject({ filesRead: 1471, new: 0, updated: 0, unchanged: 1471, rejected: 0 });
    expect(await rowCount(cveRecords)).toBe(1471);
    expect(await rowCount(vulEnrichment)).toBe(enrichment);
    expect(await rowCount(vulChanges)).toBe(changes);
    expect(await rowCount(vulActivity)).toBe(activity);
    const again = await t.db
      .select({ id: cveRecords.id, h: cveRecords.contentHash, u: cveRecords.updatedAt })
      .from(cveRecords);
    expect(again).toEqual(hashes);
  });

  it('reads provenance where the CNA and CISA disagree', async () => {
    const values = async (cveId: string) =>
      t.db
        .select({
          kind: vulEnrichment.kind,
          source: vulEnrichment.source,
          value: vulEnrichment.value,
          version: vulEnrichment.version,
          score: vulEnrichment.score,
        })
        .from(vulEnrichment)
        .innerJoin(cveRecords, eq(cveRecords.id, vulEnrichment.recordId))
        .where(eq(cveRecords.cveId, cveId))
        .orderBy(vulEnrichment.kind, vulEnrichment.source, vulEnrichment.value);
    const smuggling = await values('CVE-2023-38522');
    expect(smuggling.filter((v) => v.kind === 'cwe')).toEqual([
      { kind: 'cwe', source: 'adp:CISA-ADP', value: 'CWE-86', version: null, score: null },
      { kind: 'cwe', source: 'cna', value: 'CWE-444', version: null, score: null },
    ]);
    expect(smuggling.filter((v) => v.kind === 'cpe').map((v) => [v.source, v.value])).toEqual([
      ['adp:CISA-ADP', 'cpe:2.3:a:apache:traffic_server:8.0.0:*:*:*:*:*:*:*'],
      ['adp:CISA-ADP', 'cpe:2.3:a:apache:traffic_server:9.0.0:*:*:*:*:*:*:*'],
    ]);
    const confluence = await values('CVE-2023-22515');
    expect(confluence.filter((v) => v.kind !== 'cpe')).toEqual([
      {
        kind: 'cvss',
        source: 'adp:CISA-ADP',
        value: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
        version: '3.1',
        score: 9.8,
      },
      {
        kind: 'cvss',
        source: 'cna',
        value: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
        version: '3.0',
        score: 10,
      },
      ...confluence.filter((v) => v.kind === 'cwe'),
      { kind: 'kev', source: 'adp:CISA-ADP', value: '2023-10-05', version: null, score: null },
      {
        kind: 'ssvc',
        source: 'adp:CISA-ADP',
        value: 'E:active/A:yes/TI:total',
        version: '2.0.3',
        score: null,
      },
    ]);
    // The queue prefers the CNA's values: CWE-444 not CWE-86, the CNA's 10.0 not CISA's 9.8.
    const [a] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, 'CVE-2023-38522'));
    expect(a.cwes).toEqual(['CWE-444']);
    const [b] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, 'CVE-2023-22515'));
    expect([b.score, b.severity, b.kev, b.kevDateAdded]).toEqual([10, 'CRITICAL', true, '2023-10-05']);
  });

  it('an updated record replaces its values, keeps scorers’ work and records the change', async () => {
    const record = await readRecord('CVE-2023-38522');
    const [row] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, 'CVE-2023-38522'));
    const scorer = await t.createUser({ roles: ['scorer'] });
    await t.db
      .update(cveRecords)
      .set({ status: 'scored', assignedTo: scorer.id, lockedBy: scorer.id, lockedAt: new Date() })
      .where(eq(cveRecords.id, row.id));
    await t.db.insert(vulScores).values({ recordId: row.id, cwes: ['CWE-20'], scoredBy: scorer.id });
    await t.db.insert(vulEnrichment).values({
      recordId: row.id,
      kind: 'cpe',
      source: 'scorer',
      value: 'cpe:2.3:a:apache:traffic_server:*:*:*:*:*:*:*:*',
    });

    // CISA withdraws its CWE (the CNA's stands) and the CNA edits the description.
    const containers = record.containers as {
      cna: { descriptions: { value: string }[] };
      adp: { problemTypes?: unknown }[];
    };
    containers.cna.descriptions[0].value = 'Changed description.';
    for (const adp of containers.adp) delete adp.problemTypes;
    const dir = await mkdtemp(path.join(tmpdir(), 'cvdp-upd-'));
    await writeFile(path.join(dir, 'CVE-2023-38522.json'), JSON.stringify(record, null, 1));
    const result = await ingestPaths(t.db, [dir]);
    expect(result).toMatchObject({ new: 0, updated: 1, unchanged: 0, rejected: 0 });
    // Re-formatted but equal: unchanged.
    await writeFile(path.join(dir, 'CVE-2023-38522.json'), JSON.stringify(record));
    expect(await ingestPaths(t.db, [dir])).toMatchObject({ updated: 0, unchanged: 1 });
    await rm(dir, { recursive: true });

    const [after] = await t.db.select().from(cveRecords).where(eq(cveRecords.id, row.id));
    expect(after.description).toBe('Changed description.');
    expect([after.status, after.assignedTo, after.lockedBy]).toEqual(['scored', scorer.id, scorer.id]);
    expect(after.cwes).toEqual(['CWE-20']); // ours over the record's
    const cwes = await t.db
      .select({ source: vulEnrichment.source, value: vulEnrichment.value })
      .from(vulEnrichment)
      .where(and(eq(vulEnrichment.recordId, row.id), sql`${vulEnrichment.kind} in ('cwe', 'cpe')`))
      .orderBy(vulEnrichment.source, vulEnrichment.value);
    expect(cwes).toEqual([
      { source: 'adp:CISA-ADP', value: 'cpe:2.3:a:apache:traffic_server:8.0.0:*:*:*:*:*:*:*' },
      { source: 'adp:CISA-ADP', value: 'cpe:2.3:a:apache:traffic_server:9.0.0:*:*:*:*:*:*:*' },
      { source: 'cna', value: 'CWE-444' },
      { source: 'scorer', value: 'cpe:2.3:a:apache:traffic_server:*:*:*:*:*:*:*:*' },
    ]);
    const changes = await t.db
      .select()
      .from(vulChanges)
      .where(eq(vulChanges.recordId, row.id))
      .orderBy(vulChanges.id);
    expect(changes.map((c) => c.summary)).toEqual([
      'Record ingested',
      'Record updated',
      'Values from the record changed',
    ]);
    expect(changes[1].after).toMatchObject({
      'containers.cna.descriptions': [{ value: 'Changed description.' }],
    });
    expect(changes[2].before).toEqual([{ kind: 'cwe', source: 'adp:CISA-ADP', value: 'CWE-86' }]);
    expect(changes[2].after).toEqual([]);
  });
});

describe('refused files', () => {
  it('reports each bad file with its name and reason and ingests the rest', async () => {
    const dir = await recordsFolder(['CVE-1999-0006']);
    const good = await readFile(path.join(dir, 'CVE-1999-0006.json'));
    const big = { ...JSON.parse(good.toString()), padding: 'x'.repeat(MAX_RECORD_BYTES) };
    await writeFile(path.join(dir, 'a-broken.json'), '{"dataType": "CVE_RECORD", ');
    await writeFile(path.join(dir, 'b-not-cve.json'), JSON.stringify({ hello: 'world' }));
    await writeFile(path.join(dir, 'c-array.json'), '[1, 2]');
    await writeFile(path.join(dir, 'd-huge.json'), JSON.stringify(big));
    await writeFile(
      path.join(dir, 'e-v4.json'),
      JSON.stringify({ ...JSON.parse(good.toString()), dataVersion: '4.0' }),
    );
    const badId = JSON.parse(good.toString());
    badId.cveMetadata.cveId = 'CVE-1999-x';
    await writeFile(path.join(dir, 'f-bad-id.json'), JSON.stringify(badId));
    const badCwe = JSON.parse(good.toString());
    badCwe.containers.cna.problemTypes = 'CWE-79';
    await writeFile(path.join(dir, 'g-bad-shape.json'), JSON.stringify(badCwe));
    await writeFile(path.join(dir, 'h-not-a-zip.zip'), 'plain text');
    const other = JSON.parse(good.toString());
    other.cveMetadata.cveId = 'CVE-2099-0001';
    await writeFile(
      path.join(dir, 'i-archive.zip'),
      makeZip([
        { name: 'records/CVE-2099-0001.json', content: JSON.stringify(other), deflate: true },
        { name: 'records/broken.json', content: '{' },
        { name: 'README.txt', content: 'not a record' },
      ]),
    );
    const text = good.toString();
    await writeFile(
      path.join(dir, 'j-nul.json'),
      text.replace('"descriptions": [', '"x_note": "a\\u0000b", "descriptions": ['),
    );
    await writeFile(
      path.join(dir, 'k-surrogate.json'),
      text.replace('"descriptions": [', '"x_note": "\\ud800", "descriptions": ['),
    );
    // Issue 27: one record nested 100,000 levels deep ("Maximum call stack size exceeded") failed the run.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await writeFile(
      path.join(dir, 'l-deep.json'),
      text.replace('"descriptions": [', `"x_deep": ${deep}, "descriptions": [`),
    );
    const result = await ingestPaths(t.db, [dir]);
    await rm(dir, { recursive: true });
    expect(result).toMatchObject({ new: 1, unchanged: 1, updated: 0, rejected: 12 });
    expect(result.rejects.map((r) => r.file)).toEqual([
      'a-broken.json',
      'b-not-cve.json',
      'c-array.json',
      'd-huge.json',
      'e-v4.json',
      'f-bad-id.json',
      'g-bad-shape.json',
      'h-not-a-zip.zip',
      'i-archive.zip:records/broken.json',
      'j-nul.json',
      'k-surrogate.json',
      'l-deep.json',
    ]);
    const reasons = Object.fromEntries(result.rejects.map((r) => [r.file, r.reason]));
    expect(reasons['a-broken.json']).toMatch(/^Not valid JSON/);
    expect(reasons['b-not-cve.json']).toBe('Not a CVE record: dataType is not "CVE_RECORD".');
    expect(reasons['d-huge.json']).toBe('The record is larger than 3.8 MB.');
    expect(reasons['e-v4.json']).toBe('Unsupported dataVersion "4.0" (5.x expected).');
    expect(reasons['g-bad-shape.json']).toBe('containers.cna.problemTypes must be an array.');
    expect(reasons['j-nul.json']).toBe('The record contains a NUL character, which cannot be stored.');
    expect(reasons['k-surrogate.json']).toBe('The record contains a lone surrogate, which cannot be stored.');
    expect(reasons['l-deep.json']).toBe('The record is nested deeper than 64 levels.');
    expect(reasons['h-not-a-zip.zip']).toMatch(/^Not a readable zip file/);
    expect((await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, 'CVE-2099-0001'))).length).toBe(
      1,
    );
  });
});

describe('admin upload', () => {
  it('202 with a job whose row shows the counts when done; others may not upload', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const scorer = await t.signIn({ roles: ['scorer'] });
    const record = await readRecord('CVE-2010-3941');
    const meta = record.cveMetadata as { cveId: string };
    const zip = makeZip(
      ['CVE-2098-0001', 'CVE-2098-0002'].map((id) => {
        meta.cveId = id;
        return { name: `${id}.json`, content: JSON.stringify(record), deflate: true };
      }),
    );
    const form = await fileForm([
      { name: 'feed.zip', content: zip, type: 'application/zip' },
      { name: 'broken.json', content: '{', type: 'application/json' },
    ]);
    expect((await scorer.request('POST', `${S}/api/ingest/`, form)).statusCode).toBe(403);
    const res = await admin.request('POST', `${S}/api/ingest/`, form);
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json<{ id: number; status: string }>();
    let state = job;
    for (let i = 0; i < 200 && state.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await admin.get(`${S}/api/ingest/${job.id}/`)).json();
    }
    expect(state).toMatchObject({
      status: 'done',
      origin: 'upload',
      files_read: 3,
      new: 2,
      rejected: 1,
      rejects: [{ file: 'broken.json', reason: expect.stringMatching(/^Not valid JSON/) }],
    });
    const list = (await admin.get(`${S}/api/ingest/`)).json<{ results: { id: number }[] }>();
    expect(list.results[0].id).toBe(job.id);

    const text = await fileForm([{ name: 'notes.txt', content: 'hello' }]);
    const refused = await admin.request('POST', `${S}/api/ingest/`, text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { file: ['Only .json and .zip files can be ingested.'] },
    });
    const none = await admin.request('POST', `${S}/api/ingest/`, await fileForm([], { note: 'x' }));
    expect(none.statusCode).toBe(400);
  });

  it('broken multipart bodies are a 400 and start nothing', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const before = (await admin.get(`${S}/api/ingest/`)).json<{ count: number }>().count;
    const boundary = '----cvdpboundary';
    const probes: [string, string | Buffer][] = [
      ['multipart/form-data', 'garbage'],
      [
        `multipart/form-data; boundary=${boundary}`,
        '--other\r\nContent-Disposition: form-data; name="file"\r\n\r\n[]\r\n--other--\r\n',
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\nContent-Type: application/json\r\n\r\n{"a":`,
      ],
      [`multipart/form-data; boundary=${boundary}`, Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d])],
      ['application/json', '{}'],
    ];
    for (const [type, payload] of probes) {
      const res = await admin.request('POST', `${S}/api/ingest/`, {
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
    }
    expect((await admin.get(`${S}/api/ingest/`)).json<{ count: number }>().count).toBe(before);
  });

  it('refuses an upload past the configured size with 413 and starts nothing', async () => {
    const small = await createScoringTestApp({ config: { scoringUploadBytes: 1000 } });
    try {
      const admin = await small.signIn({ roles: ['admin'] });
      const res = await admin.request(
        'POST',
        `${S}/api/ingest/`,
        await fileForm([{ name: 'big.json', content: 'x'.repeat(5000) }]),
      );
      expect(res.statusCode).toBe(413);
      expect((await admin.get(`${S}/api/ingest/`)).json()).toMatchObject({ count: 0 });
    } finally {
      await small.close();
    }
  });
});

describe.runIf(inject('dbTemplate').kind === 'postgres')('PostgreSQL: new records written with COPY', () => {
  const awkward = 'tab\there, back\\slash \\N \\t, new\nline, cr\r\n, "double" \'single\', 𝔘𝔫𝔦 😀 {a,b} ,;|';

  /** CVE-1999-0006 under another id, with awkward text in its title, description, vendor and product. */
  async function awkwardRecord(cveId: string) {
    const doc = await readRecord('CVE-1999-0006');
    const record = JSON.parse(JSON.stringify(doc).replaceAll('CVE-1999-0006', cveId)) as {
      containers: { cna: Record<string, unknown> };
    };
    const cna = record.containers.cna;
    cna.title = `Title: ${awkward}`;
    cna.descriptions = [{ lang: 'en', value: `Description: ${awkward}` }];
    cna.affected = [{ vendor: `Vendor ${awkward}`, product: `Product "\\{}"\t`, defaultStatus: 'affected' }];
    return Buffer.from(JSON.stringify(record, null, 2));
  }
  async function* filesOf(list: { name: string; bytes: Buffer }[]): AsyncGenerator<SourceFile> {
    yield* list;
  }
  const stored = async (cveId: string) => {
    const result = await t.db
      .execute(sql`select record::text as record, title, description, vendors, products,
      search_text, tsv::text as tsv, content_hash, date_published, kev, score, severity from cve_records where cve_id = ${cveId}`);
    return (result as { rows: Record<string, unknown>[] }).rows[0];
  };

  it('round-trips tabs, backslashes, newlines, quotes and non-BMP characters as the upsert path stores them', async () => {
    expect(postgresPoolOf(t.db)).not.toBeNull(); // the handle the ingester picks COPY by
    const cveId = 'CVE-2097-0001';
    const bytes = await awkwardRecord(cveId);
    const parsed = parseCveRecord(bytes);
    expect(parsed.description).toContain('\t');
    const first = await ingestFiles(t.db, filesOf([{ name: `${cveId}.json`, bytes }]), { label: 'copy' });
    expect(first).toMatchObject({ new: 1, rejected: 0 });
    const viaCopy = await stored(cveId);
    const [row] = await t.db.select().from(cveRecords).where(eq(cveRecords.cveId, cveId));
    expect(row.record).toEqual(JSON.parse(bytes.toString()));
    expect([row.title, row.description, row.vendors, row.products, row.searchText]).toEqual([
      parsed.title,
      parsed.description,
      parsed.vendors,
      parsed.products,
      parsed.searchText,
    ]);
    const values = await t.db
      .select({
        kind: vulEnrichment.kind,
        source: vulEnrichment.source,
        value: vulEnrichment.value,
        detail: vulEnrichment.detail,
      })
      .from(vulEnrichment)
      .where(eq(vulEnrichment.recordId, row.id))
      .orderBy(vulEnrichment.id);
    expect(values).toEqual(
      parsed.enrichment.map((v) => ({
        kind: v.kind,
        source: v.source,
        value: v.value,
        detail: v.detail ?? null,
      })),
    );

    // The same document through the upsert path (an UPDATE with bound parameters): byte-identical columns.
    await t.db
      .update(cveRecords)
      .set({
        record: {},
        title: '',
        description: '',
        vendors: [],
        products: [],
        searchText: '',
        contentHash: 'x',
      })
      .where(eq(cveRecords.id, row.id));
    const second = await ingestFiles(t.db, filesOf([{ name: `${cveId}.json`, bytes }]), { label: 'upsert' });
    expect(second).toMatchObject({ new: 0, updated: 1 });
    expect(await stored(cveId)).toEqual(viaCopy);
    // The change row (written with COPY too) holds the awkward text as it was.
    const [change] = await t.db
      .select({ after: vulChanges.after })
      .from(vulChanges)
      .where(and(eq(vulChanges.recordId, row.id), eq(vulChanges.summary, 'Record updated')));
    // (the record was emptied above, so the diff's one path is the whole of `containers`)
    const after = change.after as {
      containers: { cna: { title: string; descriptions: { value: string }[] } };
    };
    expect(after.containers.cna.title).toBe(`Title: ${awkward}`);
    expect(after.containers.cna.descriptions[0].value).toBe(`Description: ${awkward}`);
  });

  it('a batch that fails midway leaves nothing of it; earlier batches stay and the next run writes it', async () => {
    const ids = ['CVE-2097-0101', 'CVE-2097-0102', 'CVE-2097-0103', 'CVE-2097-0104'];
    const files = await Promise.all(
      ids.map(async (id) => ({ name: `${id}.json`, bytes: await awkwardRecord(id) })),
    );
    // Records and values of the second batch are copied before its changes, where this trigger fails it.
    await t.db.execute(
      sql.raw(`create function cvdp_test_fail() returns trigger language plpgsql as $$
      begin
        if (select cve_id from cve_records where id = new.record_id) = 'CVE-2097-0104' then
          raise exception 'failing midway';
        end if;
        return new;
      end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger cvdp_test_fail before insert on vul_changes for each row execute function cvdp_test_fail()',
      ),
    );
    try {
      await expect(ingestFiles(t.db, filesOf(files), { batchSize: 2, label: 'fails' })).rejects.toThrow(
        /failing midway/,
      );
    } finally {
      await t.db.execute(sql.raw('drop trigger cvdp_test_fail on vul_changes'));
      await t.db.execute(sql.raw('drop function cvdp_test_fail()'));
    }
    const left = await t.db
      .select({ id: cveRecords.id, cveId: cveRecords.cveId })
      .from(cveRecords)
      .where(like(cveRecords.cveId, 'CVE-2097-01%'))
      .orderBy(cveRecords.cveId);
    expect(left.map((r) => r.cveId)).toEqual(['CVE-2097-0101', 'CVE-2097-0102']);
    const orphans = await t.db.execute(sql`select
      (select count(*)::int from vul_enrichment e where not exists (select 1 from cve_records r where r.id = e.record_id)) as values,
      (select count(*)::int from vul_changes c where not exists (select 1 from cve_records r where r.id = c.record_id)) as changes`);
    expect((orphans as { rows: unknown[] }).rows[0]).toEqual({ values: 0, changes: 0 });
    const counted = await t.db
      .select({ n: count() })
      .from(vulChanges)
      .where(
        inArray(
          vulChanges.recordId,
          left.map((r) => r.id),
        ),
      );
    expect(counted[0].n).toBe(2);

    const again = await ingestFiles(t.db, filesOf(files), { batchSize: 2, label: 'again' });
    expect(again).toMatchObject({ new: 2, unchanged: 2, updated: 0 });
  });
});
