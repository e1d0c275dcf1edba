// A CVE Services client (API 2.3, reference cve.md): fetch with the three CVE-API-* headers, the base URL
// of the account's environment (production, test) or its own base_url. Every failure is a
// CveServicesError carrying the service's code and message, so the user sees the service's reason. Calls go
// through the kit's OutboundHttp: the key never follows a redirect to another origin, and an address the
// outbound policy refuses is never contacted.
import { CVE_SERVICES_URLS, type CveEnvironment } from '@cvdp/core/cve/index';
import {
  OutboundError,
  type OutboundFailure,
  type OutboundHttp,
  type OutboundResponse,
} from '@cvdp/server-kit';

export interface CveCredentials {
  org: string;
  user: string;
  key: string;
}

export interface CveIdObject {
  cve_id: string;
  cve_year: string | number;
  owning_cna: string;
  state: string;
  requested_by?: { cna: string; user: string };
  reserved?: string;
  time?: { created: string; modified: string };
}

export interface ReserveAnswer {
  cve_ids: CveIdObject[];
  meta?: { remaining_quota?: number };
  /** 206 partial reservation */
  partial?: boolean;
}

/** The address of CVE Services for an account (no trailing slash). */
export function apiUrlFor(environment: string, baseUrl: string | null | undefined): string {
  if (environment === 'custom' && baseUrl) return baseUrl.replace(/\/+$/, '');
  return (
    CVE_SERVICES_URLS[(environment as Exclude<CveEnvironment, 'custom'>) ?? 'test'] ?? CVE_SERVICES_URLS.test
  );
}

export class CveServicesError extends Error {
  constructor(
    /** HTTP status from CVE Services, 0 when it could not be reached. */
    readonly status: number,
    /** The service's error code (EXCEEDED_ID_QUOTA, UNAUTHORIZED…), or NETWORK_ERROR / BAD_ANSWER. */
    readonly code: string,
    /** The service's own message. */
    readonly serviceMessage: string,
    readonly details?: unknown,
  ) {
    super(`CVE Services ${status || 'unreachable'} ${code}: ${serviceMessage}`);
  }

  /** What the user is told: what went wrong in our words, then the service's reason. */
  get userMessage(): string {
    const reason = this.serviceMessage ? ` (${this.code}: ${this.serviceMessage})` : ` (${this.code})`;
    switch (true) {
      case this.status === 0:
        return `CVE Services could not be reached${reason}.`;
      case this.status === 401:
        return `CVE Services refused the account's credentials${reason}.`;
      case this.code === 'EXCEEDED_ID_QUOTA':
        return `The organisation's CVE ID quota is used up${reason}.`;
      case this.code === 'RESERVATION_IN_PROGRESS':
        return `Another reservation for this organisation is in progress; try again shortly${reason}.`;
      case this.status === 429:
        return `CVE Services is rate limiting requests; try again later${reason}.`;
      case this.code === 'INVALID_JSON_SCHEMA':
        return `CVE Services rejected the record as invalid CVE JSON 5.1${reason}.`;
      case this.status === 403:
        return `CVE Services refused the request${reason}.`;
      case this.status >= 500:
        return `CVE Services failed${reason}.`;
      default:
        return `CVE Services rejected the request${reason}.`;
    }
  }
}

/** The code a call that never got the service's answer fails with. */
const OUTBOUND_CODES: Record<OutboundFailure, string> = {
  refused: 'OUTBOUND_REFUSED',
  redirect: 'REDIRECT_REFUSED',
  'too-large': 'ANSWER_TOO_LARGE',
  timeout: 'NETWORK_ERROR',
  unreachable: 'NETWORK_ERROR',
};

export interface CveClientOptions {
  baseUrl: string;
  credentials?: CveCredentials;
  /** The app's outbound client (`app.outbound`). */
  http: OutboundHttp;
  /** Milliseconds before a call is abandoned (default 30 s). */
  timeoutMs?: number;
}

type Query = Record<string, string | number | undefined>;

export class CveServicesClient {
  private readonly baseUrl: string;

  constructor(private readonly options: CveClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  private async call<T>(
    method: string,
    path: string,
    query: Query = {},
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.credentials) {
      headers['CVE-API-ORG'] = this.options.credentials.org;
      headers['CVE-API-USER'] = this.options.credentials.user;
      headers['CVE-API-KEY'] = this.options.credentials.key;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: OutboundResponse;
    try {
      res = await this.options.http.request(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.options.timeoutMs ?? 30_000,
      });
    } catch (e) {
      if (!(e instanceof OutboundError)) throw e;
      throw new CveServicesError(0, OUTBOUND_CODES[e.kind], e.message);
    }
    const { text } = res;
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (res.status >= 400) {
      const b = (data ?? {}) as { error?: unknown; message?: unknown; details?: unknown };
      throw new CveServicesError(
        res.status,
        typeof b.error === 'string'
          ? b.error
          : res.status === 429
            ? 'TOO_MANY_REQUESTS'
            : `HTTP_${res.status}`,
        typeof b.message === 'string' ? b.message.slice(0, 500) : res.statusText,
        b.details,
      );
    }
    if (data === undefined) throw new CveServicesError(res.status, 'BAD_ANSWER', 'The answer was not JSON.');
    return { status: res.status, data: data as T };
  }

  /** POST /cve-id: reserve `amount` ids of `year` for the account's organisation. */
  async reserve(opts: {
    amount: number;
    year: number;
    shortName?: string;
    batchType?: 'sequential' | 'nonsequential';
  }): Promise<ReserveAnswer> {
    const { status, data } = await this.call<ReserveAnswer>('POST', '/cve-id', {
      amount: opts.amount,
      cve_year: opts.year,
      short_name: opts.shortName ?? this.options.credentials?.org,
      batch_type: opts.amount > 1 ? (opts.batchType ?? 'sequential') : opts.batchType,
    });
    if (!Array.isArray(data.cve_ids))
      throw new CveServicesError(status, 'BAD_ANSWER', 'No cve_ids in the answer.');
    return { ...data, partial: status === 206 };
  }

  /** GET /cve-id: the organisation's ids (one page). */
  listIds(query: { state?: string; cve_id_year?: number; page?: number } = {}) {
    return this.call<{ cve_ids: CveIdObject[]; pageCount?: number; currentPage?: number }>(
      'GET',
      '/cve-id',
      query,
    ).then((r) => r.data);
  }

  /** GET /cve-id/{id} */
  getId(cveId: string) {
    return this.call<CveIdObject>('GET', `/cve-id/${encodeURIComponent(cveId)}`).then((r) => r.data);
  }

  /** GET /cve/{id}: the published record. */
  getRecord(cveId: string) {
    return this.call<Record<string, unknown>>('GET', `/cve/${encodeURIComponent(cveId)}`).then((r) => r.data);
  }

  /** POST /cve/{id}/cna (create) or PUT (update an existing record). */
  publishCna(cveId: string, cnaContainer: unknown, update = false) {
    return this.call<{ message: string; created?: unknown; updated?: unknown }>(
      update ? 'PUT' : 'POST',
      `/cve/${encodeURIComponent(cveId)}/cna`,
      {},
      { cnaContainer },
    ).then((r) => r.data);
  }

  /** PUT /cve/{id}/adp: add or replace the organisation's ADP container. */
  putAdp(cveId: string, adpContainer: unknown) {
    return this.call<{ message: string; updated?: unknown }>(
      'PUT',
      `/cve/${encodeURIComponent(cveId)}/adp`,
      {},
      { adpContainer },
    ).then((r) => r.data);
  }
}
