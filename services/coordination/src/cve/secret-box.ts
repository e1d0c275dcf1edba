// CVE Services API keys at rest: AES-256-GCM with a key derived (HKDF-SHA256) from CVDP_SECRET_KEY.
// Stored as base64(iv 12 bytes | tag 16 bytes | ciphertext). The key never leaves this module in clear
// except to the CVE Services client.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const MISSING_SECRET_KEY =
  'CVDP_SECRET_KEY is not set: CVE account API keys are encrypted with it. Set CVDP_SECRET_KEY (the same value as before) and restart.';

export class SecretKeyMissingError extends Error {
  constructor() {
    super(MISSING_SECRET_KEY);
  }
}

function keyFrom(secret: string | undefined): Buffer {
  if (!secret) throw new SecretKeyMissingError();
  return Buffer.from(hkdfSync('sha256', secret, 'cvdp', 'cve-account-api-key', 32));
}

export function encryptApiKey(plain: string, secret: string | undefined): string {
  const key = keyFrom(secret);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

export function decryptApiKey(stored: string, secret: string | undefined): string {
  const key = keyFrom(secret);
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(
      'A CVE account API key cannot be decrypted: CVDP_SECRET_KEY differs from the one it was stored with.',
    );
  }
}
