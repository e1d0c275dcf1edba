// The route table. Every screen mounts under /cvdp/ inside the shared layout; screens that need a
// signed-in user are children of the RequireUser branch.
import type { RouteObject } from 'react-router';
import { Navigate, Outlet } from 'react-router';
import { AppLayout } from './layout/AppLayout.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { AwaitingApprovalPage, LoginPage, RegisterPage, RequireUser } from '../features/auth/index.ts';
import { HomePage } from '../features/home/HomePage.tsx';
import { AccountPage } from '../features/account/AccountPage.tsx';
import { PendingUsersPage } from '../features/admin/PendingUsersPage.tsx';
import { UsersPage } from '../features/admin/UsersPage.tsx';
import { reportRoutes } from '../features/reports/index.ts';
import { caseRoutes } from '../features/cases/index.ts';

/** Screens for any signed-in user. */
const signedInRoutes: RouteObject[] = [
  { path: '', element: <HomePage /> },
  { path: 'account', element: <AccountPage /> },
  ...reportRoutes,
  ...caseRoutes,
];

/** Administration screens. */
const adminRoutes: RouteObject[] = [
  { path: 'admin/users/pending', element: <PendingUsersPage /> },
  { path: 'admin/users', element: <UsersPage /> },
];

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/cvdp/" replace /> },
  {
    path: '/cvdp',
    element: <AppLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'awaiting-approval', element: <AwaitingApprovalPage /> },
      {
        element: (
          <RequireUser>
            <Outlet />
          </RequireUser>
        ),
        children: signedInRoutes,
      },
      {
        element: (
          <RequireUser roles={['admin']}>
            <Outlet />
          </RequireUser>
        ),
        children: adminRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <AppLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];
