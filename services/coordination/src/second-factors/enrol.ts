// Enrolling a TOTP app, from the account page or during a sign-in that requires one: a secret is made and
// kept (encrypted) on an unconfirmed factor; the first right code confirms it. The first factor of an
// account comes with its recovery codes.
import { and, eq, isNull } from 'drizzle-orm';
import type { TotpEnrolment } from '@cvdp/core';
import {
  type Db,
  HttpError,
  SecretKeyMissingError,
  SECRET_UNREADABLE,
  type Tx,
  decryptSecret,
  encryptSecret,
} from '@cvdp/server-kit';
import { secondFactors } from './tables.ts';
import { newTotpSecret, qrDataUrl, acceptTotp, totpUri } from './totp.ts';
import { recordFactorEvent } from './events.ts';
import { type FactorRow, replaceRecoveryCodes, unusedRecoveryCodes } from './store.ts';

const NO_KEY = 'CVDP_SECRET_KEY is not set: authenticator app secrets are encrypted with it.';

/**
 * Runs fn, turning a missing or changed CVDP_SECRET_KEY into a 409 that says so (as connections do: the
 * instance's configuration, not the request, is what must change).
 */
export function withSecretKey<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SecretKeyMissingError) throw new HttpError(409, NO_KEY);
    if (e instanceof Error && e.message === SECRET_UNREADABLE) throw new HttpError(409, SECRET_UNREADABLE);
    throw e;
  }
}

/** A new unconfirmed TOTP factor (earlier unconfirmed ones of the user are dropped). */
export async function beginTotp(
  db: Db,
  secretKey: string | undefined,
  user: { id: number; email: string },
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const secretEnc = withSecretKey(() => encryptSecret(secret, secretKey));
  const row = await db.transaction(async (tx) => {
    await tx
      .delete(secondFactors)
      .where(
        and(
          eq(secondFactors.userId, user.id),
          eq(secondFactors.kind, 'totp'),
          isNull(secondFactors.confirmedAt),
        ),
      );
    const [created] = await tx
      .insert(secondFactors)
      .values({ userId: user.id, kind: 'totp', name: 'Authenticator app', secretEnc })
      .returning();
    return created;
  });
  const uri = totpUri(secret, user.email);
  return { id: row.id, secret, uri, qr: await qrDataUrl(uri) };
}

/** The user's unconfirmed TOTP factor (by id, or the latest one). */
export async function unconfirmedTotp(db: Db | Tx, userId: number, id?: number) {
  const rows = await db
    .select()
    .from(secondFactors)
    .where(
      and(
        eq(secondFactors.userId, userId),
        eq(secondFactors.kind, 'totp'),
        isNull(secondFactors.confirmedAt),
        id === undefined ? undefined : eq(secondFactors.id, id),
      ),
    );
  return rows.at(-1);
}

/**
 * Confirms the factor with its first code (null: the code is wrong), names it, records the enrolment and,
 * when the account has no unused recovery codes, makes its ten (returned once; else null).
 */
export async function confirmTotp(
  tx: Tx,
  secretKey: string | undefined,
  user: { id: number; email: string; name: string },
  factor: FactorRow,
  code: string,
  name: string | undefined,
): Promise<{ factor: FactorRow; codes: string[] | null } | null> {
  const secret = withSecretKey(() => decryptSecret(factor.secretEnc!, secretKey));
  const step = acceptTotp(secret, code, null);
  if (step === null) return null;
  const [confirmed] = await tx
    .update(secondFactors)
    .set({ confirmedAt: new Date(), lastStep: step, name: name || factor.name })
    .where(and(eq(secondFactors.id, factor.id), isNull(secondFactors.confirmedAt)))
    .returning();
  if (!confirmed) return null;
  const codes =
    (await unusedRecoveryCodes(tx, user.id)) === 0 ? await replaceRecoveryCodes(tx, user.id) : null;
  await recordFactorEvent(tx, user, 'second_factor.enrolled', {
    factor: confirmed.id,
    kind: 'totp',
    name: confirmed.name,
  });
  return { factor: confirmed, codes };
}
