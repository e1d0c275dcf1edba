// The home page by role loads with the home page only: exported lazily, so the route table (which imports
// this feature's index for its routes) does not pull the desk's home into the first chunk.
import { lazy } from 'react';

export const HomeByRole = lazy(() => import('./HomeByRole.tsx').then((m) => ({ default: m.HomeByRole })));
