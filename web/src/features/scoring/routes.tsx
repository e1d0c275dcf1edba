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
  {
    path: 'scoring/predisclosure/:id',
    lazy: async () => ({
      Component: (await import('./PredisclosureVulPage.tsx')).PredisclosureVulPage,
    }),
  },
  {
    path: 'scoring/cpe',
    lazy: async () => ({ Component: (await import('./CpePage.tsx')).CpePage }),
  },
  {
    path: 'scoring/work',
    lazy: async () => ({ Component: (await import('./WorkPage.tsx')).WorkPage }),
  },
  {
    path: 'scoring/insights',
    lazy: async () => ({ Component: (await import('./InsightsPage.tsx')).InsightsPage }),
  },
];
