// Who is signed in (for every screen), the sign-in screens, and the session timeout guard.
export { CurrentUserProvider, useCurrentUser, useSetCurrentUser, userHasRole } from './current-user.tsx';
export { RequireUser } from './RequireUser.tsx';
export { SessionTimeoutGuard } from './session-timeout-guard-lazy.tsx';
export { authRoutes } from './routes.tsx';
export { logout } from './api.ts';
