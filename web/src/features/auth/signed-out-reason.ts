// Why the page signed the user out on its own, kept across the reload that follows so the sign-in page
// can say so. Only the first reason counts (a 401 that follows the inactivity sign-out is not news).
export type SignedOutReason = 'inactivity' | 'expired';

const KEY = 'cvdp.signedOutReason';

export const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  inactivity: 'You were signed out after a period of inactivity.',
  expired: 'Your session has ended. Please sign in again.',
};

export function rememberSignedOut(reason: SignedOutReason) {
  try {
    if (!sessionStorage.getItem(KEY)) sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage may be off (private modes); the sign-in page then simply says nothing.
  }
}

export function peekSignedOutReason(): SignedOutReason | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value === 'inactivity' || value === 'expired' ? value : null;
  } catch {
    return null;
  }
}

export function clearSignedOutReason() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept, nothing to clear
  }
}
