// argon2id password hashes (OWASP parameters: m=19456 KiB, t=2, p=1 — the library's defaults).
import { hash, verify } from '@node-rs/argon2';

/**
 * The cost is the library's default (above) unless given: test fixtures hash their one shared password with a
 * small one, since a sign-in verifies with the cost the hash records (~26 ms each at the default, ~900 sign-ins
 * per test run). Users signing up or changing their password always get the default.
 */
export const hashPassword = (password: string, cost?: { memoryCost: number; timeCost: number }) =>
  hash(password, cost);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown emails cannot be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-0000');
  await verifyPassword(await dummyHash, password);
}
