// CVE Services accounts and their reserved ids (issue 12), for scorers and administrators: the accounts
// (manage/cve/account/, the form described by OPTIONS), reservations through CVE Services
// (manage/cve/reserve/) and giving a reserved id to a vulnerability. API keys are sent, never read back.
import type { PageOf } from '@cvdp/core';
import { AxiosError } from 'axios';
import type {
  CveAccount,
  CveEnvironment,
  CvePublishAnswer,
  CveRecordAnswer,
  CveReservation,
} from '@cvdp/core/cve/index';
import { coordinationApi, errorMessage } from '../../lib/api-client.ts';

/** One field of the OPTIONS form description. */
export interface CveAccountFieldOption {
  type: string;
  required: boolean;
  label: string;
  write_only?: boolean;
  default?: unknown;
  min_length?: number;
  max_length?: number;
  choices?: { value: string; display_name: string }[];
}

export interface CveAccountOptions {
  name: string;
  actions: { POST: Record<string, CveAccountFieldOption> };
}

export interface CveAccountBody {
  org_short_name: string;
  username: string;
  api_key?: string;
  environment: CveEnvironment;
  base_url: string | null;
  active: boolean;
}

export interface CveReserveAnswer {
  results: CveReservation[];
  partial: boolean;
  remaining_quota: number | null;
}

export const RESERVATIONS_PAGE_SIZE = 50;

export const fetchCveAccounts = () =>
  coordinationApi.get<CveAccount[]>('manage/cve/account/').then((r) => r.data);

export const fetchCveAccount = (id: number) =>
  coordinationApi.get<CveAccount>(`manage/cve/account/${id}/`).then((r) => r.data);

export const fetchCveAccountOptions = () =>
  coordinationApi
    .request<CveAccountOptions>({ method: 'options', url: 'manage/cve/account/' })
    .then((r) => r.data);

export const createCveAccount = (body: CveAccountBody) =>
  coordinationApi.post<CveAccount>('manage/cve/account/', body).then((r) => r.data);

export const updateCveAccount = (id: number, change: Partial<CveAccountBody>) =>
  coordinationApi.patch<CveAccount>(`manage/cve/account/${id}/`, change).then((r) => r.data);

export const deleteCveAccount = (id: number) =>
  coordinationApi.delete(`manage/cve/account/${id}/`).then(() => undefined);

export const fetchCveReservations = (accountId: number, page: number) =>
  coordinationApi
    .get<PageOf<CveReservation>>('manage/cve/reserve/', {
      params: { account__id: accountId, page, page_size: RESERVATIONS_PAGE_SIZE },
    })
    .then((r) => r.data);

export const reserveCveIds = (accountId: number, amount: number) =>
  coordinationApi
    .post<CveReserveAnswer>('manage/cve/reserve/', { account: accountId, amount })
    .then((r) => r.data);

/** Gives a reserved id to a vulnerability (its id), or takes it back (null). */
export const assignCveReservation = (id: number, vul: number | null) =>
  coordinationApi.patch<CveReservation>(`manage/cve/reserve/${id}/`, { vul }).then((r) => r.data);

/**
 * A failed call's reason for the user. The server words its CVE Services failures for people at every status
 * (502 when CVE Services failed or could not be reached, 503 without CVDP_SECRET_KEY), so their detail is
 * shown too, not only a 4xx's.
 */
export function cveErrorMessage(error: unknown): string {
  if (error instanceof AxiosError && error.response) {
    const detail = (error.response.data as { detail?: unknown } | undefined)?.detail;
    if (typeof detail === 'string' && detail.trim()) return detail;
  }
  return errorMessage(error);
}

// ---- The CVE record of a vulnerability ----------------------------------------------------------------

export const fetchCveRecord = (vulId: number) =>
  coordinationApi.get<CveRecordAnswer>(`api/vul/${vulId}/cve/`).then((r) => r.data);

export const publishCveRecord = (vulId: number) =>
  coordinationApi.post<CvePublishAnswer>(`api/vul/${vulId}/cve/publish/`, {}).then((r) => r.data);
