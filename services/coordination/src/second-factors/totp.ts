// TOTP (RFC 6238) through otpauth: 6 digits, 30-second steps, HMAC-SHA1 — what every authenticator app
// reads from an otpauth:// URI. A code is accepted one step either side (clock drift) and only for a step
// after the last one accepted, so a code seen over a shoulder cannot be replayed within its window.
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const DIGITS = 6;
const ISSUER = 'CVDP';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  });

/** A new random secret (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app reads (from the QR code), labelled with the account's email. */
export const totpUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The URI as a QR code, an SVG data URL (the page's CSP allows data: images). */
export async function qrDataUrl(uri: string): Promise<string> {
  // qrcode loads with the first enrolment, not at start (docs/architecture.md, Memory).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The step of an accepted code, or null (wrong, outside the window, or not after `lastStep`). */
export function acceptTotp(secret: string, code: string, lastStep: number | null, now = Date.now()) {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
