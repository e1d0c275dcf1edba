// Secrets we must read back (CVE Services API keys, tokens to connected instances) at rest: AES-256-GCM
// with a key derived (HKDF-SHA256) from CVDP_SECRET_KEY, stored as base64(iv 12 | tag 16 | ciphertext).
// One module for every such secret, so there is one key derivation and one format. The HKDF info is the
// one the first user (CVE accounts) stored with; changing it would make every stored secret unreadable.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const SECRET_KEY_MISSING = 'CVDP_SECRET_KEY is not set: stored secrets are encrypted with it.';
export const SECRET_UNREADABLE =
  'A stored secret cannot be decrypted: CVDP_SECRET_KEY differs from the one it was stored with.';

/** Thrown when CVDP_SECRET_KEY is not configured; callers turn it into their own answer. */
export class SecretKeyMissingError extends Error {
  constructor() {
    super(SECRET_KEY_MISSING);
  }
}

function keyFrom(secretKey: string | undefined): Buffer {
  if (!secretKey) throw new SecretKeyMissingError();
  return Buffer.from(hkdfSync('sha256', secretKey, 'cvdp', 'cve-account-api-key', 32));
}

/** Encrypts `plain` with the key from `secretKey` (app.config.secretKey). */
export function encryptSecret(plain: string, secretKey: string | undefined): string {
  const key = keyFrom(secretKey);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** Decrypts what encryptSecret stored; a different CVDP_SECRET_KEY (or altered data) throws. */
export function decryptSecret(stored: string, secretKey: string | undefined): string {
  const key = keyFrom(secretKey);
  const raw = Buffer.from(stored, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(SECRET_UNREADABLE);
  }
}
