// Every enrolment, use and removal of a second factor: an activity row (the audit log) and an email to the
// account, written in the transaction of the change, so neither exists without the other.
import { type Tx, recordActivity } from '@cvdp/server-kit';
import { queueEmails } from '../email/outbox.ts';

export type FactorEvent =
  | 'second_factor.enrolled'
  | 'second_factor.used'
  | 'second_factor.removed'
  | 'recovery_code.used'
  | 'recovery_codes.replaced';

const KIND_NAMES: Record<string, string> = { totp: 'An authenticator app', passkey: 'A passkey' };

function sentence(event: FactorEvent, kind: string | undefined, name: string | undefined, left?: number) {
  const what = `${KIND_NAMES[kind ?? ''] ?? 'A second factor'}${name ? ` ("${name}")` : ''}`;
  switch (event) {
    case 'second_factor.enrolled':
      return `${what} was added to your account as a second factor.`;
    case 'second_factor.used':
      return `${what} was used to sign in to your account.`;
    case 'second_factor.removed':
      return `${what} was removed from your account.`;
    case 'recovery_code.used':
      return `A recovery code was used to sign in to your account (${left} left).`;
    case 'recovery_codes.replaced':
      return 'New recovery codes were made for your account; the old ones no longer work.';
  }
}

export async function recordFactorEvent(
  tx: Tx,
  user: { id: number; email: string; name: string },
  event: FactorEvent,
  detail: { factor?: number; kind?: string; name?: string; left?: number } = {},
) {
  await recordActivity(tx, {
    actorId: user.id,
    verb: event,
    objectType: 'user',
    objectId: user.id,
    after: detail,
  });
  await queueEmails(tx, [
    {
      to: user.email,
      toName: user.name,
      kind: 'account_security',
      caseId: null,
      vars: {
        recipient_name: user.name,
        site_name: 'CVDP',
        event: sentence(event, detail.kind, detail.name, detail.left),
      },
    },
  ]);
}
