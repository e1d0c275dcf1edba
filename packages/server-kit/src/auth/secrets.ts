// Random secrets and their one-way hashes. Session ids and API keys are stored hashed only.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
