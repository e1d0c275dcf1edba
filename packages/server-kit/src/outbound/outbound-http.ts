// The one HTTP client for CVDP's calls to other servers (CVE Services, other instances; later webhooks). It
// carries credentials (CVE-API-KEY, connection tokens), so:
// - a redirect to another origin is never followed (the credentials would go with it); a same-origin one
//   only for GET/HEAD, at most five times;
// - every address a name resolves to is checked against the AddressPolicy, and the socket connects to the
//   checked address itself (the lookup of undici's connector returns it), so a name that resolves to a
//   public address when checked and to 127.0.0.1 when connecting (DNS rebinding) gets nowhere;
// - every call has a timeout and a limit on the size of the answer it reads.
// Failures are OutboundErrors whose kind says what happened in words that name no internal detail.
import dns from 'node:dns';
import net from 'node:net';
import type { Agent } from 'undici';
import { AddressPolicy } from './address-policy.ts';

export type OutboundFailure = 'refused' | 'redirect' | 'timeout' | 'too-large' | 'unreachable';

const MESSAGES: Record<OutboundFailure, string> = {
  refused: 'outbound calls to this address are not allowed',
  redirect: 'the answer redirected elsewhere and was not followed',
  timeout: 'timed out',
  'too-large': 'the answer was too large',
  unreachable: 'network error',
};

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    /** The system's code when a connection failed (ECONNREFUSED…), for the caller's own logs. */
    readonly code?: string,
  ) {
    super(MESSAGES[kind]);
    this.name = 'OutboundError';
  }
}

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 30_000,
  /** Answers of CVE Services and other instances are JSON of a few kB to a few MB. */
  maxResponseBytes: 16 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A string, bytes, or a stream sent as it is read (a file). */
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  /** The whole call, answer included. */
  timeoutMs?: number;
  /** Aborts the call (the caller is stopping); the abort's reason is thrown as it is. */
  signal?: AbortSignal;
  maxResponseBytes?: number;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** The answer's body as text (UTF-8). */
  text: string;
}

type LookupCallback = (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup, refusing a name when any address it resolves to is not allowed. */
function checkedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0) return callback(new OutboundError('unreachable', 'ENOTFOUND'), '');
      if (addresses.some((a) => !policy.allows(a.address))) return callback(new OutboundError('refused'), '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** The first OutboundError in an error's chain of causes (undici wraps the connector's in "fetch failed"). */
function outboundCause(error: unknown): OutboundError | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof OutboundError) return e;
  return undefined;
}

function systemCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

async function readLimited(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new OutboundError('too-large');
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new OutboundError('too-large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * undici (its fetch and Agent) loads with the first outbound call: many processes never make one, and it is
 * about 5 MB of heap (docs/architecture.md, Memory).
 */
let undiciLoad: Promise<typeof import('undici')> | undefined;
const loadUndici = () => (undiciLoad ??= import('undici'));

export class OutboundHttp {
  readonly policy: AddressPolicy;
  private agent: Agent | undefined;

  constructor(options: { allow?: readonly string[] } = {}) {
    this.policy = new AddressPolicy(options.allow);
  }

  /** One call; the answer is read whole (up to the limit). Throws OutboundError, or the caller's abort. */
  async request(url: string | URL, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const method = (init.method ?? 'GET').toUpperCase();
    const timeout = AbortSignal.timeout(init.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    let target = new URL(url);
    const { Agent, fetch: undiciFetch } = await loadUndici();
    this.agent ??= new Agent({ connect: { lookup: checkedLookup(this.policy) } });
    for (let hop = 0; ; hop++) {
      this.checkTarget(target);
      try {
        const response = (await undiciFetch(target, {
          method,
          headers: init.headers,
          body: init.body,
          redirect: 'manual',
          signal,
          dispatcher: this.agent,
          // A streamed body is sent as it is read.
          duplex: 'half',
        })) as unknown as Response;
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          const next = new URL(location, target);
          // Another origin would receive the credentials; a body (POST, PUT) cannot be sent twice.
          if (
            next.origin !== target.origin ||
            (method !== 'GET' && method !== 'HEAD') ||
            hop >= OUTBOUND_DEFAULTS.maxRedirects
          )
            throw new OutboundError('redirect');
          target = next;
          continue;
        }
        const text = await readLimited(response, init.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes);
        return { status: response.status, statusText: response.statusText, headers: response.headers, text };
      } catch (error) {
        const known = outboundCause(error);
        if (known) throw known;
        if (timeout.aborted) throw new OutboundError('timeout');
        if (init.signal?.aborted) throw error;
        throw new OutboundError('unreachable', systemCode(error));
      }
    }
  }

  /** http(s) only; an address written in the URL is checked here (a connection to it looks nothing up). */
  private checkTarget(url: URL) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('refused');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !this.policy.allows(host)) throw new OutboundError('refused');
  }

  async close(): Promise<void> {
    await this.agent?.close();
  }
}
