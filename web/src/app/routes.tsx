// The route table. Every screen mounts under /cvdp/ inside the shared layout; screens that need a
// signed-in user are children of the RequireUser branch. Each feature's routes load their page lazily
// (its own chunk), so the sign-in page does not carry the report form, the calculator or the admin screens.
import type { RouteObject } from 'react-router';
import { Navigate, Outlet } from 'react-router';
import { AppLayout } from './layout/AppLayout.tsx';
import { NotFoundPage } from '../components/NotFoundPage.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RouteErrorPage } from '../components/RouteErrorPage.tsx';
import { RequireUser, authRoutes } from '../features/auth/index.ts';
import { homeRoutes } from '../features/home/index.ts';
import { accountRoutes } from '../features/account/index.ts';
import { adminRoutes } from '../features/admin/index.ts';
import { advisoryAdminRoutes } from '../features/advisories/index.ts';
import { catalogueRoutes } from '../features/catalogue/index.ts';
import { emailTemplateRoutes } from '../features/email-templates/index.ts';
import { auditRoutes } from '../features/audit/index.ts';
import { reportRoutes } from '../features/reports/index.ts';
import { caseRoutes } from '../features/cases/index.ts';
import { deskRoutes, deskStaffRoutes } from '../features/desk/index.ts';
import { notificationRoutes } from '../features/notifications/index.ts';
import { dashboardRoutes } from '../features/dashboard/index.ts';
import { scoringRoutes } from '../features/scoring/index.ts';
import { cveRoutes } from '../features/cve/index.ts';

/** Screens for any signed-in user. */
const signedInRoutes: RouteObject[] = [
  ...homeRoutes,
  ...accountRoutes,
  ...reportRoutes,
  ...caseRoutes,
  ...deskRoutes,
  ...notificationRoutes,
];

/** Screens for staff: coordinators and admins. */
const staffRoutes: RouteObject[] = [...deskStaffRoutes, ...dashboardRoutes];

/** Every screen under the layout; a screen that fails shows RouteErrorPage inside the layout (navigation stays). */
const screens: RouteObject[] = [
  ...authRoutes,
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
    children: [
      ...adminRoutes,
      ...advisoryAdminRoutes,
      ...catalogueRoutes,
      ...emailTemplateRoutes,
      ...auditRoutes,
    ],
  },
  {
    element: (
      <RequireUser roles={['coordinator', 'admin']}>
        <Outlet />
      </RequireUser>
    ),
    children: staffRoutes,
  },
  {
    element: (
      <RequireUser roles={['scorer', 'admin']}>
        <Outlet />
      </RequireUser>
    ),
    children: [...scoringRoutes, ...cveRoutes],
  },
  { path: '*', element: <NotFoundPage /> },
];

// errorElement at the root routes too: a failure in the layout itself (or a lazy chunk of it) still shows
// the friendly page with its reload, never React Router's "Unexpected Application Error".
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/cvdp/" replace />, errorElement: <RouteErrorPage /> },
  {
    path: '/cvdp',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's chunk loads; later navigations keep the current screen until then.
    hydrateFallbackElement: <PageSpinner />,
    children: [{ errorElement: <RouteErrorPage />, children: screens }],
  },
  {
    path: '*',
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [{ path: '*', element: <NotFoundPage /> }],
  },
];
