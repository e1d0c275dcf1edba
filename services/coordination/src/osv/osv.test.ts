// OSV records of published advisories (issue 29 item 3) through the HTTP stack, one app: records valid
// against osv-schema's validation/schema.json (testing/fixtures/osv); purl → ecosystem for the main
// ecosystems; a vulnerability without a purl gives no record; unpublished and non-CLEAR advisories are never
// listed; a new revision moves `modified` (and a vulnerability it drops is withdrawn); the index, the
// modified_id.csv and the public advisory page's links.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { vendorWorld, type VendorWorld } from '../../testing/vendor-status-test-helpers.ts';
import { osvPackage } from './ecosystem.ts';
import { rangeEvents } from './affected.ts';
import { OSV_SCHEMA_VERSION } from './record.ts';

const PUBLIC_URL = 'https://cvdp.example.org';
const today = new Date().toISOString().slice(0, 10);
const year = new Date().getUTCFullYear();
const V31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N';
const V40 = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- foreign JSON is walked freely in assertions
type Json = Record<string, any>;

function osvSchema() {
  const require = createRequire(import.meta.url);
  const Ajv2020 = require('ajv/dist/2020').default;
  const addFormats = require('ajv-formats').default;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const schema = JSON.parse(
    readFileSync(new URL('../../testing/fixtures/osv/schema.json', import.meta.url), 'utf8'),
  );
  return ajv.compile(schema);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());

const get = async (url: string, status = 200) => {
  const res = await t.anonymous().get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  return res;
};

const ok = (res: { statusCode: number; body: string }, status = 200) =>
  expect(res.statusCode, res.body).toBe(status);

/** A case with two vulnerabilities: the first in npm and PyPI packages, the second known by a CPE only. */
async function packageCase(tlp?: string): Promise<VendorWorld & { cve: string }> {
  const cve = `CVE-${year}-${30000 + Math.floor(Math.random() * 60000)}`;
  const w = await vendorWorld(t, [
    {
      title: 'Prototype pollution in the merge helper',
      cve,
      cwes: [1321],
      description: 'merge() copies __proto__ keys onto the target.',
      references: ['https://acme.example.com/bugs/7', 'not a url'],
    },
    { title: 'Firmware bug', description: 'No package URL here.' },
  ]);
  const [v1, v2] = w.vuls.map((v) => v.id);
  ok(await w.coordinator.post(`/api/case/vul/${v1}/cvss/`, { vector: V31 }), 201);
  ok(await w.coordinator.post(`/api/case/vul/${v1}/cvss/`, { vector: V40 }), 201);
  const status = (body: Json) => w.coordinator.post(`/api/case/${w.caseId}/vendors/status/`, body);
  ok(
    await status({
      vul: v1,
      participant: w.acme,
      status: 'affected',
      product: 'merge-kit',
      affected_versions: '2.3.0',
      fixed_versions: '2.4.1',
      purl: 'pkg:npm/%40acme/merge-kit',
    }),
  );
  ok(
    await status({
      vul: v1,
      participant: w.bobParticipant,
      status: 'affected',
      product: 'mergekit-py',
      affected_versions: '>= 1.0, < 1.4.2',
      purl: 'pkg:pypi/mergekit',
    }),
  );
  ok(
    await status({
      vul: v2,
      participant: w.acme,
      status: 'affected',
      product: 'Widget firmware',
      cpe: 'cpe:2.3:o:acme:widget_firmware:*:*:*:*:*:*:*:*',
    }),
  );
  if (tlp) ok(await w.coordinator.post(`/api/case/${w.caseId}/settings/csaf/`, { tlp }));
  await revise(w, 'Merge helper advisory');
  return { ...w, cve };
}

async function revise(w: VendorWorld, title: string, vulnerabilities: number[] = []) {
  ok(
    await w.coordinator.post(`/api/case/${w.caseId}/advisory/`, {
      title,
      summary: 'Attackers can pollute prototypes.',
      references: ['https://acme.example.com/advisories/7'],
      credits: ['Finder Jones'],
      vulnerabilities,
    }),
    201,
  );
}

async function publish(w: VendorWorld, published = true) {
  ok(
    await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, {
      date_shared: today,
      // The guard rails (approvals, CSAF, CVE records) are tested in advisories/publication; not here.
      ...(published ? { date_published: today, override_reason: 'Not about the guard rails' } : {}),
    }),
  );
}

describe('OSV records', () => {
  it('names packages as OSV ecosystems do, from the purl', () => {
    const cases: [string, [string, string] | null][] = [
      ['pkg:npm/%40acme/merge-kit@1.0.0', ['npm', '@acme/merge-kit']],
      ['pkg:npm/lodash', ['npm', 'lodash']],
      ['pkg:pypi/Django_REST', ['PyPI', 'django-rest']],
      ['pkg:maven/org.apache.commons/commons-text@1.9', ['Maven', 'org.apache.commons:commons-text']],
      ['pkg:golang/github.com/acme/merge@v1.2.3', ['Go', 'github.com/acme/merge']],
      ['pkg:cargo/serde', ['crates.io', 'serde']],
      ['pkg:nuget/Newtonsoft.Json', ['NuGet', 'Newtonsoft.Json']],
      ['pkg:gem/rails', ['RubyGems', 'rails']],
      ['pkg:composer/laravel/framework', ['Packagist', 'laravel/framework']],
      ['pkg:hex/phoenix', ['Hex', 'phoenix']],
      ['pkg:pub/http', ['Pub', 'http']],
      ['pkg:deb/debian/openssl@3.0.11?distro=debian-12', ['Debian:12', 'openssl']],
      ['pkg:deb/ubuntu/openssl', ['Ubuntu', 'openssl']],
      ['pkg:apk/alpine/busybox?distro=alpine-3.19', ['Alpine:v3.19', 'busybox']],
      ['pkg:rpm/redhat/openssl', ['Red Hat', 'openssl']],
      ['pkg:generic/acme-firmware', null],
      ['pkg:github/acme/merge', null],
      ['pkg:deb/acme-linux/openssl', null],
    ];
    for (const [purl, expected] of cases) {
      const pkg = osvPackage(purl);
      expect(pkg && [pkg.ecosystem, pkg.name], purl).toEqual(expected);
      if (pkg) expect(pkg.purl).not.toMatch(/@\d/);
    }
    expect(osvPackage('pkg:npm/lodash@4.17.21')?.purl).toBe('pkg:npm/lodash');
  });

  it('reads version ranges as OSV events', () => {
    expect(rangeEvents('>= 2.0, < 2.4.1')).toEqual([{ introduced: '2.0' }, { fixed: '2.4.1' }]);
    expect(rangeEvents('vers:npm/>=1.0.0|<1.5.0|>=2.0.0|<2.3.1')).toEqual([
      { introduced: '1.0.0' },
      { fixed: '1.5.0' },
      { introduced: '2.0.0' },
      { fixed: '2.3.1' },
    ]);
    expect(rangeEvents('<= 1.9')).toEqual([{ introduced: '0' }, { last_affected: '1.9' }]);
    expect(rangeEvents('vers:all/*')).toEqual([{ introduced: '0' }]);
    expect(rangeEvents('all versions before 3')).toBeNull();
    expect(rangeEvents('< 2, <= 3')).toBeNull();
  });

  it('serves TLP:CLEAR published vulnerabilities with purls, valid OSV, modified by each revision', async () => {
    const validate = osvSchema();
    const clear = await packageCase();
    const amber = await packageCase('AMBER');
    const shared = await packageCase();
    await publish(clear);
    await publish(amber);
    await publish(shared, false);
    const id = `x_CVDP-${clear.caseId}-1`;

    // The index and modified_id.csv: only the CLEAR published vulnerability with purls.
    const index = await get('/osv/index.json');
    expect(index.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=300');
    const ids = index.json<Json[]>().map((e) => e.id);
    expect(ids).toContain(id);
    for (const hidden of [
      `x_CVDP-${clear.caseId}-2`,
      `x_CVDP-${amber.caseId}-1`,
      `x_CVDP-${shared.caseId}-1`,
    ]) {
      expect(ids).not.toContain(hidden);
      await get(`/osv/${hidden}.json`, 404);
    }
    const entry = index.json<Json[]>().find((e) => e.id === id)!;
    const csv = await get('/osv/modified_id.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(`${entry.modified},${id}\n`);

    // The record: valid, and what CVDP knows.
    const res = await get(`/osv/${id}.json`);
    const first = res.json<Json>();
    expect(validate(first), JSON.stringify(validate.errors)).toBe(true);
    expect(first).toMatchObject({
      schema_version: OSV_SCHEMA_VERSION,
      id,
      modified: entry.modified,
      aliases: [clear.cve],
      summary: 'Prototype pollution in the merge helper',
      details: 'merge() copies __proto__ keys onto the target.',
      severity: [
        { type: 'CVSS_V3', score: V31 },
        { type: 'CVSS_V4', score: V40 },
      ],
      credits: [{ name: 'Finder Jones' }],
      database_specific: {
        case: clear.caseId,
        vulnerability: `VU#${clear.caseId}.1`,
        advisory_revision: 1,
        cwe_ids: ['CWE-1321'],
      },
    });
    expect(first.published).toBe(first.modified);
    expect(first.affected).toEqual([
      {
        package: { ecosystem: 'npm', name: '@acme/merge-kit', purl: 'pkg:npm/%40acme/merge-kit' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.4.1' }] }],
        versions: ['2.3.0'],
        database_specific: {
          vendor: clear.acmeName,
          product: 'merge-kit',
          status: 'affected',
          affected_versions: '2.3.0',
          fixed_versions: '2.4.1',
        },
      },
      {
        package: { ecosystem: 'PyPI', name: 'mergekit', purl: 'pkg:pypi/mergekit' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '1.0' }, { fixed: '1.4.2' }] }],
        database_specific: expect.objectContaining({ affected_versions: '>= 1.0, < 1.4.2' }),
      },
    ]);
    expect(first.references).toEqual([
      { type: 'ADVISORY', url: `${PUBLIC_URL}/advisories/${clear.caseId}/` },
      { type: 'ADVISORY', url: `${PUBLIC_URL}/.well-known/csaf/clear/${year}/vu_${clear.caseId}.json` },
      { type: 'WEB', url: 'https://acme.example.com/advisories/7' },
      { type: 'WEB', url: 'https://acme.example.com/bugs/7' },
    ]);
    // Stored, not rebuilt: the same bytes on the next fetch.
    expect((await get(`/osv/${id}.json`)).body).toBe(res.body);

    // The public page links the records; a page without any has no OSV section.
    const page = (await get(`/advisories/${clear.caseId}/`)).body;
    expect(page).toContain(`<a href="/osv/${id}.json">${id}</a>`);
    expect(page).not.toContain(`x_CVDP-${clear.caseId}-2`);
    expect((await get(`/advisories/${amber.caseId}/`)).body).not.toContain('OSV records');

    // A new revision, saved: nothing changes until it is published; then `modified` moves, `published` stays.
    await revise(clear, 'Merge helper advisory (revised)');
    expect((await get(`/osv/${id}.json`)).body).toBe(res.body);
    await publish(clear);
    const second = (await get(`/osv/${id}.json`)).json<Json>();
    expect(validate(second), JSON.stringify(validate.errors)).toBe(true);
    expect(Date.parse(second.modified)).toBeGreaterThan(Date.parse(first.modified));
    expect(second.published).toBe(first.published);
    expect(second.database_specific.advisory_revision).toBe(2);
    const [newest] = (await get('/osv/index.json')).json<Json[]>();
    expect(newest).toEqual({ id, modified: second.modified });
    expect((await get('/osv/modified_id.csv')).body.split('\n')[0]).toBe(`${second.modified},${id}`);

    // A revision covering only the vulnerability without purls: the record stays, withdrawn.
    await revise(clear, 'Firmware only', [clear.vuls[1].id]);
    await publish(clear);
    const withdrawn = (await get(`/osv/${id}.json`)).json<Json>();
    expect(validate(withdrawn), JSON.stringify(validate.errors)).toBe(true);
    expect(withdrawn.withdrawn).toBe(withdrawn.modified);
    expect(Date.parse(withdrawn.modified)).toBeGreaterThan(Date.parse(second.modified));
    expect((await get('/osv/index.json')).json<Json[]>().map((e) => e.id)).toContain(id);
    expect((await get(`/advisories/${clear.caseId}/`)).body).not.toContain(`/osv/${id}.json`);

    // Turned TLP:AMBER after publication: its records are no longer served.
    ok(await clear.coordinator.post(`/api/case/${clear.caseId}/settings/csaf/`, { tlp: 'AMBER' }));
    await get(`/osv/${id}.json`, 404);

    // Bad file names are 404s.
    for (const bad of ['/osv/x_CVDP-1-1.txt', '/osv/..%2Fx.json', '/osv/nodash.json'])
      expect((await t.anonymous().get(bad)).statusCode).toBe(404);
  });
});
