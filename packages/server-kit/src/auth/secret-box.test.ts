import { describe, expect, it } from 'vitest';
import {
  SECRET_KEY_MISSING,
  SECRET_UNREADABLE,
  SecretKeyMissingError,
  decryptSecret,
  encryptSecret,
} from './secret-box.ts';

describe('secret box', () => {
  it('reads back what it stored, and never stores the clear text', () => {
    const stored = encryptSecret('a token', 'key one');
    expect(stored).not.toContain('a token');
    expect(encryptSecret('a token', 'key one')).not.toBe(stored);
    expect(decryptSecret(stored, 'key one')).toBe('a token');
  });

  it('still reads secrets stored before it moved to the kit (same key derivation and format)', () => {
    const before = 'pEMj5AbZ3P+YNlv77NQzfxUp6KQVGRdjUuwSQkwxTak0ygpdD4kaFsHdok3S3lw+4II=';
    expect(decryptSecret(before, 'fixed-test-secret')).toBe('stored-before-the-move');
  });

  it('refuses without CVDP_SECRET_KEY, and with another key, in words that name no one feature', () => {
    expect(() => encryptSecret('x', undefined)).toThrow(SecretKeyMissingError);
    expect(() => encryptSecret('x', '')).toThrow(SECRET_KEY_MISSING);
    const stored = encryptSecret('x', 'key one');
    expect(() => decryptSecret(stored, 'key two')).toThrow(SECRET_UNREADABLE);
    expect(() => decryptSecret('short', 'key one')).toThrow(SECRET_UNREADABLE);
  });
});
