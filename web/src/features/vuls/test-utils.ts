// Test support: the vulnerability calls, faked where they leave the app (the API client), each endpoint
// answering through its own mock named after its fetcher and called with what the server receives. A hook
// reads its own file's fetcher, which a module mock cannot replace; faking the client keeps the tests on the
// real hooks and what they refresh.
import { vi } from 'vitest';
import type {
  CaseCallerMetadata,
  CvssVersion,
  PageOf,
  SsvcDecisionView,
  VendorStatusCell,
  VendorStatusGrid,
  VendorStatusInput,
  VulAttribute,
  VulCreateInput,
  VulPatchInput,
  Vulnerability,
  VulsFromReport,
} from '@cvdp/core';
import type { CvePublishAnswer, CveRecordAnswer } from '@cvdp/core/cve/index';
// eslint-disable-next-line no-restricted-imports
import { coordinationApi } from '../../lib/api-client.ts';

type Config = { params?: Record<string, unknown>; responseType?: string } | undefined;
type Method = 'get' | 'post' | 'patch' | 'delete';

export function fakeVulCalls() {
  const calls = {
    fetchCaseCallerMetadata: vi.fn<(caseId: number) => Promise<CaseCallerMetadata>>(),
    /** The page size asked for is passed too: the list is one page of all of them. */
    fetchVuls:
      vi.fn<(caseId: number, pageSize: unknown) => Promise<Vulnerability[] | PageOf<Vulnerability>>>(),
    createVul: vi.fn<(caseId: number, input: VulCreateInput) => Promise<Vulnerability>>(),
    updateVul: vi.fn<(vulId: number, change: VulPatchInput) => Promise<Vulnerability>>(),
    deleteVul: vi.fn<(vulId: number) => Promise<unknown>>(),
    createVulsFromReport: vi.fn<(caseId: number) => Promise<VulsFromReport>>(),
    /** The catalogue's attributes, none unless a test says otherwise. */
    fetchVulAttributes: vi.fn<() => Promise<VulAttribute[]>>(async () => []),
    saveCvss: vi.fn<(vulId: number, vector: string, replace: boolean) => Promise<unknown>>(),
    deleteCvss: vi.fn<(vulId: number, version: CvssVersion) => Promise<unknown>>(),
    fetchSsvcHistory: vi.fn<(vulId: number) => Promise<SsvcDecisionView[] | PageOf<SsvcDecisionView>>>(),
    saveSsvc:
      vi.fn<
        (
          vulId: number,
          table: string,
          values: Record<string, string>,
          replace: boolean,
        ) => Promise<SsvcDecisionView>
      >(),
    deleteSsvc: vi.fn<(vulId: number) => Promise<unknown>>(),
    fetchVendorStatus: vi.fn<(caseId: number) => Promise<VendorStatusGrid>>(),
    saveVendorStatus: vi.fn<(caseId: number, input: VendorStatusInput) => Promise<VendorStatusCell>>(),
    fetchVex: vi.fn<(vulId: number) => Promise<unknown>>(),
    fetchCveRecord: vi.fn<(vulId: number) => Promise<CveRecordAnswer>>(),
    publishCveRecord: vi.fn<(vulId: number) => Promise<CvePublishAnswer>>(),
  };
  type Route = [RegExp, (m: string[], body: never, config: Config) => Promise<unknown>];
  const id = Number;
  const routes: Record<Method, Route[]> = {
    get: [
      [/^api\/case\/(\d+)\/metadata\/$/, ([c]) => calls.fetchCaseCallerMetadata(id(c))],
      [/^api\/case\/(\d+)\/vuls\/$/, ([c], _b, config) => calls.fetchVuls(id(c), config?.params?.page_size)],
      [/^api\/vul\/attributes\/$/, () => calls.fetchVulAttributes()],
      [/^api\/case\/vul\/(\d+)\/ssvc\/$/, ([v]) => calls.fetchSsvcHistory(id(v))],
      [/^api\/case\/(\d+)\/vendors\/status\/$/, ([c]) => calls.fetchVendorStatus(id(c))],
      [
        /^api\/vul\/(\d+)\/vex\/$/,
        ([v], _b, config) => {
          if (config?.responseType !== 'json') throw new Error('The VEX is asked for as JSON');
          return calls.fetchVex(id(v));
        },
      ],
      [/^api\/vul\/(\d+)\/cve\/$/, ([v]) => calls.fetchCveRecord(id(v))],
    ],
    post: [
      [/^api\/case\/(\d+)\/vuls\/$/, ([c], body) => calls.createVul(id(c), body)],
      [/^api\/case\/(\d+)\/vuls\/from-report\/$/, ([c]) => calls.createVulsFromReport(id(c))],
      [
        /^api\/case\/vul\/(\d+)\/cvss\/$/,
        ([v], body: { vector: string }) => calls.saveCvss(id(v), body.vector, false),
      ],
      [
        /^api\/case\/vul\/(\d+)\/ssvc\/$/,
        ([v], body: { table: string; values: Record<string, string> }) =>
          calls.saveSsvc(id(v), body.table, body.values, false),
      ],
      [/^api\/case\/(\d+)\/vendors\/status\/$/, ([c], body) => calls.saveVendorStatus(id(c), body)],
      [/^api\/vul\/(\d+)\/cve\/publish\/$/, ([v]) => calls.publishCveRecord(id(v))],
    ],
    patch: [
      [/^api\/vul\/(\d+)\/$/, ([v], body) => calls.updateVul(id(v), body)],
      [
        /^api\/case\/vul\/(\d+)\/cvss\/$/,
        ([v], body: { vector: string }) => calls.saveCvss(id(v), body.vector, true),
      ],
      [
        /^api\/case\/vul\/(\d+)\/ssvc\/$/,
        ([v], body: { table: string; values: Record<string, string> }) =>
          calls.saveSsvc(id(v), body.table, body.values, true),
      ],
    ],
    delete: [
      [/^api\/vul\/(\d+)\/$/, ([v]) => calls.deleteVul(id(v))],
      [
        /^api\/case\/vul\/(\d+)\/cvss\/v([\d.]+)\/$/,
        ([v, version]) => calls.deleteCvss(id(v), version as CvssVersion),
      ],
      [/^api\/case\/vul\/(\d+)\/ssvc\/$/, ([v]) => calls.deleteSsvc(id(v))],
    ],
  };
  const answer = async (method: Method, url: string, body: unknown, config: Config) => {
    for (const [pattern, handle] of routes[method]) {
      const match = pattern.exec(url);
      if (!match) continue;
      const data = await handle(match.slice(1), body as never, config);
      // A read the test gave no answer for fails as such (a change may answer nothing).
      if (data === undefined && method === 'get') throw new Error(`No answer given for GET ${url}`);
      return { data };
    }
    throw new Error(`Unexpected call: ${method.toUpperCase()} ${url}`);
  };
  const withBody = (method: Method) => (url: string, body?: unknown, config?: Config) =>
    answer(method, url, body, config);
  const withoutBody = (method: Method) => (url: string, config?: Config) =>
    answer(method, url, undefined, config);
  vi.spyOn(coordinationApi, 'get').mockImplementation(withoutBody('get') as never);
  vi.spyOn(coordinationApi, 'delete').mockImplementation(withoutBody('delete') as never);
  vi.spyOn(coordinationApi, 'post').mockImplementation(withBody('post') as never);
  vi.spyOn(coordinationApi, 'patch').mockImplementation(withBody('patch') as never);
  // A score or decision is a POST the first time and a PATCH after: the fetcher names the method.
  vi.spyOn(coordinationApi, 'request').mockImplementation((async (config: {
    method: Method;
    url: string;
    data?: unknown;
  }) => answer(config.method, config.url, config.data, undefined)) as never);
  return calls;
}
