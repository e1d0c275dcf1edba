export { CurrentUserProvider, useCurrentUser, userHasRole, CURRENT_USER_KEY } from './current-user.tsx';
export { RequireUser } from './RequireUser.tsx';
export { LoginPage } from './LoginPage.tsx';
export { RegisterPage } from './RegisterPage.tsx';
export { AwaitingApprovalPage } from './AwaitingApprovalPage.tsx';
export { SessionTimeoutGuard } from './SessionTimeoutGuard.tsx';
export { logout } from './api.ts';
