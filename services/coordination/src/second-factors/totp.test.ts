// RFC 6238 appendix B's SHA-1 vectors through our wrapper (6 digits: the vectors' last six), the ±1-step
// window and the refusal of a step at or before the last one accepted.
import { describe, expect, it } from 'vitest';
import { Secret } from 'otpauth';
import { acceptTotp, newTotpSecret, totpUri } from './totp.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery.ts';

// The RFC's seed: the ASCII string "12345678901234567890".
const RFC_SECRET = Secret.fromLatin1('12345678901234567890').base32;
const VECTORS: [seconds: number, code8: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it('accepts the RFC 6238 SHA-1 test vectors at their times and names their step', () => {
    for (const [seconds, code8] of VECTORS) {
      const step = acceptTotp(RFC_SECRET, code8.slice(2), null, seconds * 1000);
      expect(step, `T=${seconds}`).toBe(Math.floor(seconds / 30));
    }
  });

  it('allows one step of clock drift either way, no more, and never a step already used', () => {
    const [seconds, code8] = VECTORS[2];
    const code = code8.slice(2);
    const step = Math.floor(seconds / 30);
    expect(acceptTotp(RFC_SECRET, code, null, (seconds + 30) * 1000)).toBe(step);
    expect(acceptTotp(RFC_SECRET, code, null, (seconds - 30) * 1000)).toBe(step);
    expect(acceptTotp(RFC_SECRET, code, null, (seconds + 90) * 1000)).toBeNull();
    expect(acceptTotp(RFC_SECRET, code, step, seconds * 1000)).toBeNull();
    expect(acceptTotp(RFC_SECRET, code, step - 1, seconds * 1000)).toBe(step);
    expect(acceptTotp(RFC_SECRET, '000000', null, seconds * 1000)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(secret, 'ada@example.test')).toBe(
      `otpauth://totp/CVDP:ada%40example.test?issuer=CVDP&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('makes ten distinct recovery codes whose hash ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(recoveryCodeHash(` ${codes[0].toUpperCase().replace('-', ' ')} `)).toBe(
      recoveryCodeHash(codes[0]),
    );
  });
});
