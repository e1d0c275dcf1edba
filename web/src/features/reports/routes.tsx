import type { RouteObject } from 'react-router';
import { EditReportPage } from './EditReportPage.tsx';
import { MyReportsPage } from './MyReportsPage.tsx';
import { NewReportPage } from './NewReportPage.tsx';

/** Report screens (SPEC §2), mounted under /cvdp/ for signed-in users. */
export const reportRoutes: RouteObject[] = [
  { path: 'report', element: <NewReportPage /> },
  { path: 'reports', element: <MyReportsPage /> },
  { path: 'cases/:id/report/edit', element: <EditReportPage /> },
];
