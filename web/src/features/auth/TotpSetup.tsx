// What an authenticator app reads: the QR code, and the secret to type when the camera cannot be used.
import type { TotpEnrolment } from '@cvdp/core';

export function TotpSetup({ enrolment }: { enrolment: TotpEnrolment }) {
  return (
    <div className="mb-3">
      <p>Scan this QR code with your authenticator app, or enter the key by hand.</p>
      <img src={enrolment.qr} alt="QR code to add CVDP to your authenticator app" width={180} height={180} />
      <p className="mt-2 mb-0 small">
        Key: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
    </div>
  );
}
