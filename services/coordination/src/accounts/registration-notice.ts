// Someone registered with an address that already has an account: the answer they get is the one a new
// account gets, so the owner is the one told — by email, at most once an hour (registration is open to
// anyone, and this must not become a way to flood someone's inbox).
import type { Db } from '@cvdp/server-kit';
import { queueAccountEmail, recentlyEmailed } from './account-email.ts';
import { findUserByEmail } from './store.ts';

export const REGISTRATION_ATTEMPT_KIND = 'registration_attempt';
const AT_MOST_EVERY_MINUTES = 60;

export async function tellOwnerOfRegistration(db: Db, email: string, publicUrl = ''): Promise<void> {
  const owner = await findUserByEmail(db, email);
  if (!owner) return;
  if (await recentlyEmailed(db, owner.email, REGISTRATION_ATTEMPT_KIND, AT_MOST_EVERY_MINUTES)) return;
  await queueAccountEmail(db, {
    to: owner.email,
    toName: owner.name,
    kind: REGISTRATION_ATTEMPT_KIND,
    subject: '[CVDP] Someone tried to register with your email address',
    text:
      `Hello ${owner.name},\n\n` +
      `Someone tried to create a CVDP account with this email address (${owner.email}), which already has ` +
      `an account. No new account was created and nothing about yours changed.\n\n` +
      `If it was you, sign in instead: ${publicUrl}/cvdp/login\n` +
      `If it was not you, you can ignore this email.\n`,
  });
}
