// The desk: case lists (My cases, All cases), the triage queue, search, and the home page by role.
export { deskRoutes, deskStaffRoutes } from './routes.tsx';
export { HomeByRole } from './home-by-role-lazy.tsx';
