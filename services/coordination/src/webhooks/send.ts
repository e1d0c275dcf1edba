// One attempt at one delivery: the body built, signed with the endpoint's secret and POSTed through the
// app's outbound client (address policy, no redirects followed, a timeout, a bounded answer). Shared by the
// worker and "Send a test event", so a test event is exactly what a real one would be.
import { publicAdvisoryPath, WEBHOOK_EXCERPT_CHARS } from '@cvdp/core';
import { OutboundError, type OutboundHttp, decryptSecret } from '@cvdp/server-kit';
import { signedHeaders } from './signature.ts';

export interface DeliveryToSend {
  publicId: string;
  event: string;
  occurredAt: Date;
  data: unknown;
  url: string;
  secretEncrypted: string;
}

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

export const WEBHOOK_REQUEST_TIMEOUT_MS = 10_000;
/** Receivers answer a few bytes; more than this is not read (and the attempt counts as failed). */
const MAX_ANSWER_BYTES = 256 * 1024;

export const REFUSED_BY_POLICY =
  'refused by the address policy: calls to private, loopback and link-local addresses are not allowed unless CVDP_OUTBOUND_ALLOW lists them';

interface PayloadData {
  case?: { id: number; title: string; path: string } | null;
  [key: string]: unknown;
}

/** The stored data with links: each path also as a URL when the instance knows its address (CVDP_PUBLIC_URL). */
function withLinks(event: string, data: PayloadData, publicUrl: string | undefined): PayloadData {
  const link = (path: string) => ({ path, url: publicUrl ? `${publicUrl}${path}` : null });
  const out: PayloadData = { ...data };
  if (data.case) out.case = { ...data.case, ...link(data.case.path) };
  if (event === 'advisory.published' && data.case) out.advisory = link(publicAdvisoryPath(data.case.id));
  return out;
}

export function webhookBody(
  d: Pick<DeliveryToSend, 'publicId' | 'event' | 'occurredAt' | 'data'>,
  publicUrl?: string,
) {
  return JSON.stringify({
    id: d.publicId,
    event: d.event,
    occurred_at: d.occurredAt.toISOString(),
    data: withLinks(d.event, d.data as PayloadData, publicUrl),
  });
}

export async function attemptDelivery(
  outbound: OutboundHttp,
  d: DeliveryToSend,
  options: { secretKey: string | undefined; publicUrl: string | undefined; now: Date; signal?: AbortSignal },
): Promise<AttemptOutcome> {
  let secret: string;
  try {
    secret = decryptSecret(d.secretEncrypted, options.secretKey);
  } catch (error) {
    return { ok: false, responseStatus: null, responseExcerpt: null, error: (error as Error).message };
  }
  const body = webhookBody(d, options.publicUrl);
  const timestamp = Math.floor(options.now.getTime() / 1000);
  try {
    const res = await outbound.request(d.url, {
      method: 'POST',
      headers: signedHeaders({ secret, event: d.event, deliveryId: d.publicId, timestamp, body }),
      body,
      timeoutMs: WEBHOOK_REQUEST_TIMEOUT_MS,
      maxResponseBytes: MAX_ANSWER_BYTES,
      signal: options.signal,
    });
    const ok = res.status >= 200 && res.status < 300;
    return {
      ok,
      responseStatus: res.status,
      responseExcerpt: res.text.slice(0, WEBHOOK_EXCERPT_CHARS),
      error: ok ? null : `answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
    };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const message = error.kind === 'refused' ? REFUSED_BY_POLICY : error.message;
    return { ok: false, responseStatus: null, responseExcerpt: null, error: message };
  }
}
