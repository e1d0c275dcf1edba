// The one-process platform's own service token for base 2 → base 1 (issue 13). Base 2 makes coordination
// cases ("Create case" on the scoring screens) and reads published vulnerabilities through base 1's HTTP API
// as a service account with `Authorization: Token <key>` (config.coordinationToken). When the operator set
// neither CVDP_COORDINATION_TOKEN nor CVDP_COORDINATION_URL, base 1 is this very process, so the platform
// sets that up itself at start:
//  - a service account (coordinator, no usable password, an address under .invalid that mail never reaches);
//    an administrator who deactivates it turns the feature off, and it stays off;
//  - an API token of that account stored hashed like any other (api_tokens.key_hash = sha256(key)); the key
//    itself lives only in this process's memory and is never logged or sent anywhere.
// With CVDP_SECRET_KEY the key is derived from it (HKDF), so restarts and replicas sharing the key and the
// database agree on it; without, a fresh random key is minted each start. Either way the account's other
// platform tokens are revoked, so exactly one internal token is live.
import { hkdfSync } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Config, type Db, apiTokens, newSecret, sha256, users } from '@cvdp/server-kit';

export const PLATFORM_SERVICE_EMAIL = 'scoring-service@platform.invalid';
export const PLATFORM_SERVICE_NAME = 'Scoring service (platform)';
export const PLATFORM_TOKEN_NAME = 'platform internal (scoring → coordination)';
/** Not a hash any password verifies against: the account cannot sign in. */
const NO_PASSWORD = '!';

export type InternalTokenResult =
  | { status: 'configured' } // CVDP_COORDINATION_TOKEN given: the operator's token is used
  | { status: 'remote' } // base 1 is elsewhere (CVDP_COORDINATION_URL): a token must come from there
  | { status: 'disabled' } // the service account was deactivated by an administrator
  | { status: 'ready'; userId: number };

function internalKey(secretKey: string | undefined): string {
  if (!secretKey) return `cvdp_${newSecret(32)}`;
  const bytes = hkdfSync('sha256', secretKey, 'cvdp', 'platform-coordination-token', 32);
  return `cvdp_${Buffer.from(bytes).toString('base64url')}`;
}

export async function ensureInternalCoordinationToken(db: Db, config: Config): Promise<InternalTokenResult> {
  if (config.coordinationToken) return { status: 'configured' };
  if (config.coordinationUrl) return { status: 'remote' };
  const key = internalKey(config.secretKey);
  const keyHash = sha256(key);
  const userId = await db.transaction(async (tx) => {
    // One start at a time decides (replicas starting together on one database).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cvdp-platform-internal-token'))`);
    let [account] = await tx
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(sql`lower(${users.email}) = ${PLATFORM_SERVICE_EMAIL}`);
    if (!account) {
      [account] = await tx
        .insert(users)
        .values({
          email: PLATFORM_SERVICE_EMAIL,
          name: PLATFORM_SERVICE_NAME,
          passwordHash: NO_PASSWORD,
          roles: ['coordinator'],
          pending: false,
          approvedAt: new Date(),
        })
        .returning({ id: users.id, isActive: users.isActive });
    }
    if (!account.isActive) return null;
    await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiTokens.userId, account.id),
          eq(apiTokens.name, PLATFORM_TOKEN_NAME),
          ne(apiTokens.keyHash, keyHash),
          isNull(apiTokens.revokedAt),
        ),
      );
    const [live] = await tx
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.keyHash, keyHash), isNull(apiTokens.revokedAt)));
    if (!live) {
      // Derived keys come back after a rotation away and back: the old row is renewed, not duplicated.
      await tx.delete(apiTokens).where(eq(apiTokens.keyHash, keyHash));
      await tx.insert(apiTokens).values({
        userId: account.id,
        name: PLATFORM_TOKEN_NAME,
        keyHash,
        prefix: key.slice(0, 'cvdp_'.length + 6),
      });
    }
    return account.id;
  });
  if (userId === null) return { status: 'disabled' };
  config.coordinationToken = key;
  return { status: 'ready', userId };
}
