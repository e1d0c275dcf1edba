// Sending our ADP container to CVE Services (PUT /cve/{id}/adp with {adpContainer}). The CVE Services client
// lives with the CVE accounts in the coordination service; when that service registers it as the
// Sent with the coordination service's CVE Services client through the first active CVE account (its key
// decrypted with CVDP_SECRET_KEY); a `cveAdpSender` decorator, when present, replaces that (tests, other
// transports). Without an active account the container is stored and the answer says why it was not sent;
// CVE Services' refusal (e.g. ADP_ONLY for an organisation without the ADP role) is the reason too.
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { CveServicesError, MISSING_SECRET_KEY, clientFor, cveAccounts } from '@cvdp/coordination';
import { SecretKeyMissingError } from '@cvdp/server-kit';
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

export function adpSenderOf(app: FastifyInstance): AdpSender {
  return async (cveId, container) => {
    const [account] = await app.db
      .select()
      .from(cveAccounts)
      .where(eq(cveAccounts.active, true))
      .orderBy(asc(cveAccounts.id))
      .limit(1);
    if (!account) return { sent: false, reason: ADP_NO_ACCOUNT_REASON };
    // CVE Services writes providerMetadata itself.
    const { providerMetadata: _ignored, ...body } = container;
    if (app.cveAdpSender) return app.cveAdpSender(cveId, body);
    try {
      const answer = await clientFor(account, app.config.secretKey, app.outbound).putAdp(cveId, body);
      return { sent: true, reason: (answer as { message?: string })?.message ?? null };
    } catch (error) {
      if (error instanceof CveServicesError) return { sent: false, reason: error.userMessage };
      if (error instanceof SecretKeyMissingError) return { sent: false, reason: MISSING_SECRET_KEY };
      throw error;
    }
  };
}
