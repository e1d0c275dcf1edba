// The route-wide bad-input suite (issue 15; split in issue 22): the route table it walks is read from the
// app — a route added tomorrow is covered the day it is added. This file checks that table and the paging
// links; ids.test.ts, queries.test.ts and bodies.test.ts send the hostile requests.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Fuzzer, useFuzzer } from '../../testing/bad-input.ts';

const fuzzer = useFuzzer('route table');
let f: Fuzzer;
beforeAll(() => {
  f = fuzzer();
});

describe('the route table of the bad-input suite', () => {
  it('is read from the app and covers both services', () => {
    const urls = f.table.map((r) => r.url);
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
    // Issue 25: the embargo of a case.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/case/:id/embargo/',
        '/api/case/:id/embargo/proposals/',
        '/api/case/embargo/proposals/:id/',
        '/api/case/:id/embargo/exit/',
        '/api/case/:id/embargo/breach/',
        '/api/case/:id/embargo/log/',
      ]),
    );
    // Issue 29: the CSAF trusted provider's public files.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/.well-known/csaf/provider-metadata.json',
        '/.well-known/csaf/service.json',
        '/.well-known/csaf/feed-tlp-clear.json',
        '/.well-known/csaf/category-tlp-clear.json',
        '/.well-known/csaf/openpgp/:file',
        '/.well-known/csaf/clear/index.txt',
        '/.well-known/csaf/clear/changes.csv',
        '/.well-known/csaf/clear/:year/:file',
        '/.well-known/security.txt',
      ]),
    );
    // Issue 29: the OSV records of published advisories.
    expect(urls).toEqual(expect.arrayContaining(['/osv/index.json', '/osv/modified_id.csv', '/osv/:file']));
    // Issue 14: the administration catalogue.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/manage/activity/',
        '/manage/tags/',
        '/manage/tags/:kind/',
        '/manage/tag/:id/',
        '/manage/tags/usage/',
        '/manage/tags/usage/rename/',
        '/manage/tags/usage/merge/',
        '/manage/tags/usage/remove/',
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
    // Issue 28: held reports — their release and the administrator's limits.
    expect(urls).toEqual(
      expect.arrayContaining(['/api/case/:id/release/', '/manage/report-limits/', '/api/triage/messages/']),
    );
    expect(f.table.length).toBeGreaterThan(25);
  });

  it('has the four callers: anonymous, a reporter, an admin and another instance', () => {
    expect(f.callers.map(([who]) => who)).toEqual(['anonymous', 'reporter', 'admin', 'connection']);
  });

  it('catches a row written while a refused request ran (the tracker sees every table)', async () => {
    const [, admin] = f.callers[2];
    await f.probe('admin', admin, 'GET', '/api/cases/abc/'); // refused: the tracker's baseline is now current
    await f.t.db.execute(sql`insert into tags (kind, name) values ('case', 'Written behind the back')`);
    await expect(f.probe('admin', admin, 'GET', '/api/cases/abc/')).rejects.toThrow(/refused but wrote rows/);
  });

  it('paging links never carry a host from the request headers', async () => {
    const admin = f.callers[2][1];
    const res = await admin.get('/manage/users/?page_size=1', {
      headers: { 'x-forwarded-host': 'evil.example', host: 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ next: string }>().next).toBe('/manage/users/?page_size=1&page=2');
  });
});
