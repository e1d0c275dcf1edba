// The guard runs only for a signed-in user: its idle timer and modal load with it, not with the sign-in page.
import { lazy } from 'react';

export const SessionTimeoutGuard = lazy(() =>
  import('./SessionTimeoutGuard.tsx').then((m) => ({ default: m.SessionTimeoutGuard })),
);
