import type { RouteObject } from 'react-router';
import { CasePage } from './CasePage.tsx';

/** Case screens, mounted under /cvdp/ for signed-in users. */
export const caseRoutes: RouteObject[] = [{ path: 'cases/:id', element: <CasePage /> }];
