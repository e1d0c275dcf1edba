// Base 2 → base 1 over HTTP: a case is made through the coordination service's own API (POST /api/report/,
// then POST /api/case/{id}/vuls/), published vulnerabilities are read from GET /api/cve/published/
// (ingest/coordination-sync.ts), authenticated as a service account with `Authorization: Token <key>`
// (config.coordinationToken) — never by writing base 1's tables. config.coordinationUrl points at base 1;
// unset, the request goes to this same process (the one-port platform serves both services).
import type { FastifyInstance } from 'fastify';
import { CASE_SERVICE_NOT_CONFIGURED } from '@cvdp/core/scoring/work';
import { HttpError } from '@cvdp/server-kit';

export interface CoordinationAnswer {
  status: number;
  body: unknown;
}

export type CoordinationCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: { json: unknown } | { form: FormData },
) => Promise<CoordinationAnswer>;

export const COORDINATION_UNREACHABLE = 'The coordination service could not be reached.';

export function coordinationClient(app: FastifyInstance): CoordinationCall {
  return async (method, path, body) => {
    const token = app.config.coordinationToken;
    // The instance is not set up for it: a refusal of the request, not a server failure.
    if (!token) throw new HttpError(409, CASE_SERVICE_NOT_CONFIGURED);
    const headers: Record<string, string> = { authorization: `Token ${token}`, accept: 'application/json' };
    let payload: string | Buffer | undefined;
    if (!body) payload = undefined;
    else if ('json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else {
      const response = new Response(body.form);
      headers['content-type'] = response.headers.get('content-type')!;
      payload = Buffer.from(await response.arrayBuffer());
    }
    const base = app.config.coordinationUrl;
    if (!base) {
      // The same process: through the whole HTTP stack (auth, CSRF exemption for tokens, validation).
      const res = await app.inject({ method, url: path, headers, payload });
      return { status: res.statusCode, body: safeJson(res.body) };
    }
    try {
      const res = await fetch(base + path, {
        method,
        headers,
        body:
          payload === undefined
            ? undefined
            : new Uint8Array(typeof payload === 'string' ? Buffer.from(payload) : payload),
        signal: AbortSignal.timeout(30_000),
      });
      return { status: res.status, body: safeJson(await res.text()) };
    } catch (error) {
      app.log.warn({ err: (error as Error).message, path }, 'coordination service call failed');
      throw new HttpError(502, COORDINATION_UNREACHABLE);
    }
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
