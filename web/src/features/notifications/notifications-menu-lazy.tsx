// The bell loads only for a signed-in user: the sign-in page does not carry it.
import { lazy } from 'react';

export const NotificationsMenu = lazy(() =>
  import('./NotificationsMenu.tsx').then((m) => ({ default: m.NotificationsMenu })),
);
