// The signature of a webhook delivery (docs/webhooks.md): HMAC-SHA256, keyed with the endpoint's secret,
// over `<timestamp>.<body>` — the timestamp (Unix seconds) in X-CVDP-Timestamp, so a receiver can refuse
// old deliveries replayed at it, and the signature as `v1=<hex>` in X-CVDP-Signature (a later scheme would
// be v2=, sent beside v1 while receivers move).
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@cvdp/core';

export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** A new signing secret: 32 random bytes, prefixed so that it is recognisable where it leaks. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The hint administrators see instead: enough to tell two secrets apart, nothing to sign with. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

export function signedHeaders(input: {
  secret: string;
  event: string;
  deliveryId: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'CVDP-Webhooks/1',
    [WEBHOOK_HEADERS.event.toLowerCase()]: input.event,
    [WEBHOOK_HEADERS.delivery.toLowerCase()]: input.deliveryId,
    [WEBHOOK_HEADERS.timestamp.toLowerCase()]: String(input.timestamp),
    [WEBHOOK_HEADERS.signature.toLowerCase()]: signWebhook(input.secret, input.timestamp, input.body),
  };
}
