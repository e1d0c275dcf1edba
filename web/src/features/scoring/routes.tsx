import type { RouteObject } from 'react-router';

/** The scoring screens, mounted under /cvdp/ for scorers and admins; each page is its own lazy chunk. */
export const scoringRoutes: RouteObject[] = [
  {
    path: 'scoring',
    lazy: async () => ({ Component: (await import('./QueuePage.tsx')).QueuePage }),
  },
  {
    path: 'scoring/vuls/:id',
    lazy: async () => ({ Component: (await import('./VulPage.tsx')).VulPage }),
  },
  {
    path: 'scoring/ingest',
    lazy: async () => ({ Component: (await import('./IngestPage.tsx')).IngestPage }),
  },
  {
    path: 'scoring/predisclosure',
    lazy: async () => ({ Component: (await import('./PredisclosurePage.tsx')).PredisclosurePage }),
  },
];
