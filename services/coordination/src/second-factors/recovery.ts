// Recovery codes: random, shown once, stored as sha256 (each has about 50 random bits, so a fast hash is enough:
// there is no dictionary to try). Written as xxxxx-xxxxx; case, spaces and dashes do not matter when typed.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@cvdp/core';
import { sha256 } from '@cvdp/server-kit';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read back from paper

function oneCode() {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, oneCode);

export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[\s-]/g, ''));
