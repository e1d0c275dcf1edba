import type { Notification } from '@cvdp/core';

/** Where a notification leads: its link inside the app, else its case. */
export function notificationTarget(n: Notification): string {
  if (n.link?.startsWith('/cvdp/')) return n.link;
  return n.case != null ? `/cvdp/cases/${n.case}` : '/cvdp/notifications';
}
