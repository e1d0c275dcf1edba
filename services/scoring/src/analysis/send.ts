// Sending our ADP container to CVE Services (PUT /cve/{id}/adp with {adpContainer}). The CVE Services client
// lives with the CVE accounts in the coordination service; when that service registers it as the
// `cveAdpSender` decorator, it is used. Without one — or without an active CVE account — the container is
// stored and the answer says why it was not sent.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { cveAccounts } from '@cvdp/coordination';
import { ADP_NO_ACCOUNT_REASON } from '@cvdp/core/scoring/work';

export interface AdpSendResult {
  sent: boolean;
  reason: string | null;
}

/** Sends `{adpContainer}` for the CVE through an active account with the ADP role, or says why not. */
export type AdpSender = (cveId: string, container: Record<string, unknown>) => Promise<AdpSendResult>;

declare module 'fastify' {
  interface FastifyInstance {
    cveAdpSender?: AdpSender;
  }
}

export const ADP_NO_CLIENT_REASON =
  'This instance has no CVE Services client for ADP containers yet; the container is stored, not sent.';

export function adpSenderOf(app: FastifyInstance): AdpSender {
  return async (cveId, container) => {
    const [account] = await app.db
      .select({ id: cveAccounts.id })
      .from(cveAccounts)
      .where(eq(cveAccounts.active, true))
      .limit(1);
    if (!account) return { sent: false, reason: ADP_NO_ACCOUNT_REASON };
    if (!app.cveAdpSender) return { sent: false, reason: ADP_NO_CLIENT_REASON };
    // CVE Services writes providerMetadata itself.
    const { providerMetadata: _ignored, ...body } = container;
    return app.cveAdpSender(cveId, body);
  };
}
