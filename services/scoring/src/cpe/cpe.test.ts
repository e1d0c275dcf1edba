// CPE 2.3 matching (NISTIR 7696 relations, case-insensitive, ANY/NA, the pattern's wildcards) and the CPE
// calls on real records: names seen in records and added by scorers, adding (400 naming the attribute),
// and the vulnerabilities whose CPEs match, 100 a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPE_MESSAGES, parseCpe23 } from '@cvdp/core/cpe/index';
import { createScoringTestApp, S, type TestApp, type TestClient } from '../../testing/test-app.ts';
import { ingestPaths, recordsFolder, requireRecordsDir } from '../../testing/records.ts';
import { compareCpeValues, cpeIsSuperset, cpeOverlaps } from './match.ts';
import { CPE_DUPLICATE } from './store.ts';

const cpe = (s: string) => parseCpe23(s).cpe!;

describe('matching', () => {
  it('relates attribute values as NISTIR 7696 table 6-2 does', () => {
    expect(compareCpeValues('*', '*')).toBe('EQUAL');
    expect(compareCpeValues('*', '-')).toBe('SUPERSET');
    expect(compareCpeValues('*', '8.1')).toBe('SUPERSET');
    expect(compareCpeValues('-', '*')).toBe('SUBSET');
    expect(compareCpeValues('-', '-')).toBe('EQUAL');
    expect(compareCpeValues('-', '8.1')).toBe('DISJOINT');
    expect(compareCpeValues('8.1', '*')).toBe('SUBSET');
    expect(compareCpeValues('8.1', '-')).toBe('DISJOINT');
    expect(compareCpeValues('PHP', 'php')).toBe('EQUAL');
    expect(compareCpeValues('8.*', '8.1.0')).toBe('SUPERSET');
    expect(compareCpeValues('8.*', '9.1.0')).toBe('DISJOINT');
    expect(compareCpeValues('8.?', '8.1')).toBe('SUPERSET');
    expect(compareCpeValues('8.?', '8.10')).toBe('DISJOINT');
    expect(compareCpeValues('??.0', '10.0')).toBe('SUPERSET');
    expect(compareCpeValues('*sl1', 'sl1')).toBe('SUPERSET');
    expect(compareCpeValues('c\\+\\+', 'C\\+\\+')).toBe('EQUAL');
    // An escaped * is a literal character, not a wildcard.
    expect(compareCpeValues('a\\*', 'ab')).toBe('DISJOINT');
    expect(compareCpeValues('8.1', '8.*')).toBe('UNDEFINED');
  });

  it('finds records whose names overlap the pattern', () => {
    const php81 = cpe('cpe:2.3:a:php_group:php:8.1.0:*:*:*:*:*:*:*');
    expect(cpeOverlaps(cpe('cpe:2.3:a:php_group:php:*:*:*:*:*:*:*:*'), php81)).toBe(true);
    expect(cpeOverlaps(cpe('cpe:2.3:a:PHP_Group:PHP:8.*:*:*:*:*:*:*:*'), php81)).toBe(true);
    expect(cpeOverlaps(cpe('cpe:2.3:a:php_group:php:8.2.0:*:*:*:*:*:*:*'), php81)).toBe(false);
    expect(cpeOverlaps(cpe('cpe:2.3:o:php_group:php:*:*:*:*:*:*:*:*'), php81)).toBe(false);
    expect(cpeOverlaps(cpe('cpe:2.3:*:*:php:*:*:*:*:*:*:*:*'), php81)).toBe(true);
    expect(cpeOverlaps(cpe('cpe:2.3:a:php_group:php:8.1.0:-:*:*:*:*:*:*'), php81)).toBe(true);
    // A record naming every version is found by one version; its version pattern by a version inside it.
    const allVersions = cpe('cpe:2.3:a:sciencelogic:sl1:*:*:*:*:*:*:*:*');
    expect(cpeOverlaps(cpe('cpe:2.3:a:sciencelogic:sl1:12.1:*:*:*:*:*:*:*'), allVersions)).toBe(true);
    expect(cpeOverlaps(cpe('cpe:2.3:a:x:y:1.2:*:*:*:*:*:*:*'), cpe('cpe:2.3:a:x:y:1.*:*:*:*:*:*:*:*'))).toBe(
      true,
    );
    expect(cpeOverlaps(cpe('cpe:2.3:a:x:y:2.2:*:*:*:*:*:*:*'), cpe('cpe:2.3:a:x:y:1.*:*:*:*:*:*:*:*'))).toBe(
      false,
    );
    // NA matches only NA (or ANY).
    expect(cpeOverlaps(cpe('cpe:2.3:a:x:y:-:*:*:*:*:*:*:*'), cpe('cpe:2.3:a:x:y:1.0:*:*:*:*:*:*:*'))).toBe(
      false,
    );
    // The strict superset test says no where the record is wider than the pattern.
    expect(cpeIsSuperset(cpe('cpe:2.3:a:sciencelogic:sl1:12.1:*:*:*:*:*:*:*'), allVersions)).toBe(false);
    expect(cpeIsSuperset(cpe('cpe:2.3:a:php_group:php:*:*:*:*:*:*:*:*'), php81)).toBe(true);
  });
});

let t: TestApp;
let scorer: TestClient;

beforeAll(async () => {
  requireRecordsDir();
  t = await createScoringTestApp();
  // CVE-2024-4577: three php_group:php versions; CVE-2024-9537: sciencelogic:sl1 (any version).
  await ingestPaths(t.db, [
    await recordsFolder(['CVE-2024-4577', 'CVE-2024-9537', 'CVE-1999-0006', 'CVE-2012-1867']),
  ]);
  scorer = await t.signIn({ roles: ['scorer'] });
}, 120_000);
afterAll(() => t?.close());

const ids = (body: { results: { cve_id: string }[] }) => body.results.map((r) => r.cve_id).sort();

describe('CPE calls', () => {
  it('are for scorers and admins only', async () => {
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    for (const u of ['/api/cpe/', '/api/cpes/', '/api/cpe/vuls/?cpe=cpe:2.3:*:*:*:*:*:*:*:*:*:*:*'])
      expect((await coordinator.get(S + u)).statusCode).toBe(403);
    expect(
      (await coordinator.post(`${S}/api/cpes/`, { cpe: 'cpe:2.3:a:x:y:*:*:*:*:*:*:*:*' })).statusCode,
    ).toBe(403);
    const admin = await t.signIn({ roles: ['admin'] });
    expect((await admin.get(`${S}/api/cpe/`)).statusCode).toBe(200);
  });

  it('lists the names seen in records, searchable', async () => {
    const php = (await scorer.get(`${S}/api/cpe/?query=PHP_GROUP`)).json();
    expect(php.count).toBe(3);
    expect(php.results.map((r: { cpe: string }) => r.cpe)).toEqual([
      'cpe:2.3:a:php_group:php:8.1.0:*:*:*:*:*:*:*',
      'cpe:2.3:a:php_group:php:8.2.0:*:*:*:*:*:*:*',
      'cpe:2.3:a:php_group:php:8.3.0:*:*:*:*:*:*:*',
    ]);
    expect(php.results[0]).toMatchObject({
      source: 'record',
      vendor: 'php_group',
      product: 'php',
      version: '8.1.0',
    });
    // A query's LIKE characters are literal.
    expect((await scorer.get(`${S}/api/cpe/?query=%25`)).json().count).toBe(0);
  });

  it('adds names checked attribute by attribute; duplicates and bad names are 400s', async () => {
    const added = await scorer.post(`${S}/api/cpes/`, {
      cpe: 'cpe:2.3:a:acme:widget:2.4.1:*:*:*:*:*:*:*',
      title: 'Acme Widget',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      source: 'scorer',
      vendor: 'acme',
      product: 'widget',
      title: 'Acme Widget',
    });
    const dup = await scorer.post(`${S}/api/cpes/`, { cpe: 'cpe:2.3:a:ACME:widget:2.4.1:*:*:*:*:*:*:*' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ cpe: [CPE_DUPLICATE] });
    const bad = await scorer.post(`${S}/api/cpes/`, { cpe: 'cpe:2.3:a:acme:widget server:1:*:*:*:*:*:*:*' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ cpe: [CPE_MESSAGES.value('product')] });
    const lang = await scorer.post(`${S}/api/cpes/`, { cpe: 'cpe:2.3:a:acme:widget:1:*:*:e:*:*:*:*' });
    expect(lang.json().errors).toEqual({ cpe: [CPE_MESSAGES.language] });
    expect((await scorer.post(`${S}/api/cpes/`, {})).statusCode).toBe(400);

    const mine = (await scorer.get(`${S}/api/cpes/?query=widget`)).json();
    expect(mine.count).toBe(1);
    expect((await scorer.get(`${S}/api/cpes/?query=php`)).json().count).toBe(0);
    // The search over all names holds both.
    expect((await scorer.get(`${S}/api/cpe/?query=acme`)).json().results[0]).toMatchObject({
      source: 'scorer',
      id: mine.results[0].id,
    });
  });

  it('finds the vulnerabilities whose CPEs match, 100 a page', async () => {
    const find = (c: string) => scorer.get(`${S}/api/cpe/vuls/?page_size=100&cpe=${encodeURIComponent(c)}`);
    expect(ids((await find('cpe:2.3:a:php_group:php:8.2.0:*:*:*:*:*:*:*')).json())).toEqual([
      'CVE-2024-4577',
    ]);
    expect(ids((await find('cpe:2.3:a:PHP_GROUP:php:8.*:*:*:*:*:*:*:*')).json())).toEqual(['CVE-2024-4577']);
    expect((await find('cpe:2.3:a:php_group:php:7.4.0:*:*:*:*:*:*:*')).json().count).toBe(0);
    expect(ids((await find('cpe:2.3:a:sciencelogic:sl1:12.1.1:*:*:*:*:*:*:*')).json())).toEqual([
      'CVE-2024-9537',
    ]);
    const any = (await find('cpe:2.3:a:*:*:*:*:*:*:*:*:*:*')).json();
    expect(ids(any)).toEqual(expect.arrayContaining(['CVE-2024-4577', 'CVE-2024-9537']));
    expect(any.results[0]).toHaveProperty('cve_id');
    const bad = await find('cpe:2.3:a:php_group:php');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.cpe[0]).toBe(CPE_MESSAGES.count(3));
    expect(
      (await scorer.get(`${S}/api/cpe/vuls/?cpe=cpe:2.3:*:*:*:*:*:*:*:*:*:*:*&page_size=101`)).statusCode,
    ).toBe(400);
    expect((await scorer.get(`${S}/api/cpe/vuls/`)).statusCode).toBe(400);
  });
});
