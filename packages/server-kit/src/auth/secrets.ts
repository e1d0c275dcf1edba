// Random secrets and their one-way hashes. Session ids and API keys are stored hashed only.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
// One-shot hash (Node ≥ 21.7): no Hash object per call; every signed-in request hashes its session id.
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
