// Who is signed in (for every screen), the sign-in screens, and the session timeout guard.
export { CurrentUserProvider, useCurrentUser, userHasRole } from './current-user.tsx';
export { currentUserQuery } from './api/index.ts';
export { useSetCurrentUser } from './api/index.ts';
export { RequireUser } from './RequireUser.tsx';
export { SessionTimeoutGuard } from './session-timeout-guard-lazy.tsx';
export { authRoutes } from './routes.tsx';
export { logout } from './api/index.ts';
// Shown by the sign-in's enrolment and by the account page's two-factor card alike.
export { RecoveryCodesList } from './RecoveryCodesList.tsx';
export { TotpSetup } from './TotpSetup.tsx';
