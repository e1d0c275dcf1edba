// Vulnerability calls of a case (issue 11): the vulnerabilities, their CVSS scores by version, their SSVC
// decisions, the vendor × vulnerability status grid and the VEX of one vulnerability. Scores and outcomes are
// never sent: the server computes them from the vector or the decision table.
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
import { coordinationApi } from '../../lib/api-client.ts';

/** A list answer as a page or as a plain array: either reads as its rows. */
const rows = <T>(data: T[] | PageOf<T>): T[] => (Array.isArray(data) ? data : data.results);

/** Vulnerabilities a page: a case has a handful, so one call covers them all. */
export const VULS_PAGE_SIZE = 200;

export const fetchVuls = (caseId: number) =>
  coordinationApi
    .get<Vulnerability[] | PageOf<Vulnerability>>(`api/case/${caseId}/vuls/`, {
      params: { page_size: VULS_PAGE_SIZE },
    })
    .then((r) => rows(r.data));

export const fetchVul = (vulId: number) =>
  coordinationApi.get<Vulnerability>(`api/vul/${vulId}/`).then((r) => r.data);

export const createVul = (caseId: number, input: VulCreateInput) =>
  coordinationApi.post<Vulnerability>(`api/case/${caseId}/vuls/`, input).then((r) => r.data);

export const updateVul = (vulId: number, change: VulPatchInput) =>
  coordinationApi.patch<Vulnerability>(`api/vul/${vulId}/`, change).then((r) => r.data);

export const deleteVul = (vulId: number) => coordinationApi.delete(`api/vul/${vulId}/`).then(() => undefined);

/** Staff: the custom attributes a vulnerability can carry (one form field each). */
export const fetchVulAttributes = () =>
  coordinationApi.get<VulAttribute[]>('api/vul/attributes/').then((r) => r.data);

/** Staff: one vulnerability per answer of the case's report (those already created are skipped). */
export const createVulsFromReport = (caseId: number) =>
  coordinationApi.post<VulsFromReport>(`api/case/${caseId}/vuls/from-report/`, {}).then((r) => r.data);

// ---- CVSS ------------------------------------------------------------------------------------------

/**
 * The coordinator's score of a version: POST the first time, PATCH after (`replace`). The server parses and
 * scores the vector; an invalid one is a 400 naming the metric.
 */
export const saveCvss = (vulId: number, vector: string, replace: boolean) =>
  coordinationApi
    .request<unknown>({
      method: replace ? 'patch' : 'post',
      url: `api/case/vul/${vulId}/cvss/`,
      data: { vector },
    })
    .then((r) => r.data);

export const deleteCvss = (vulId: number, version: CvssVersion) =>
  coordinationApi.delete(`api/case/vul/${vulId}/cvss/v${version}/`).then(() => undefined);

// ---- SSVC ------------------------------------------------------------------------------------------

/** Every decision of the vulnerability (removals included), as the server keeps them. */
export const fetchSsvcHistory = (vulId: number) =>
  coordinationApi
    .get<SsvcDecisionView[] | PageOf<SsvcDecisionView>>(`api/case/vul/${vulId}/ssvc/`)
    .then((r) => rows(r.data));

/** A decision: the table and the decision-point values; the outcome is the server's. */
export const saveSsvc = (vulId: number, table: string, values: Record<string, string>, replace: boolean) =>
  coordinationApi
    .request<SsvcDecisionView>({
      method: replace ? 'patch' : 'post',
      url: `api/case/vul/${vulId}/ssvc/`,
      data: { table, values },
    })
    .then((r) => r.data);

export const deleteSsvc = (vulId: number) =>
  coordinationApi.delete(`api/case/vul/${vulId}/ssvc/`).then(() => undefined);

// ---- vendor status ---------------------------------------------------------------------------------

export const fetchVendorStatus = (caseId: number) =>
  coordinationApi.get<VendorStatusGrid>(`api/case/${caseId}/vendors/status/`).then((r) => r.data);

export const saveVendorStatus = (caseId: number, input: VendorStatusInput) =>
  coordinationApi.post<VendorStatusCell>(`api/case/${caseId}/vendors/status/`, input).then((r) => r.data);

// ---- VEX -------------------------------------------------------------------------------------------

/** The vulnerability's CSAF VEX document (a 409 with the reason when there is nothing to say yet). */
export const fetchVex = (vulId: number) =>
  coordinationApi.get<unknown>(`api/vul/${vulId}/vex/`, { responseType: 'json' }).then((r) => r.data);

/** The caller's standing in the case (the case page asks the same under the same query key). */
export const fetchCaseCallerMetadata = (caseId: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${caseId}/metadata/`).then((r) => r.data);
