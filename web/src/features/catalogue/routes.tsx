import type { RouteObject } from 'react-router';

/** The administration catalogue's screens, mounted under /cvdp/ for administrators (each its own chunk). */
export const catalogueRoutes: RouteObject[] = [
  {
    path: 'admin/resolutions',
    lazy: async () => ({ Component: (await import('./ResolutionsPage.tsx')).ResolutionsPage }),
  },
  { path: 'admin/tags', lazy: async () => ({ Component: (await import('./TagsPage.tsx')).TagsPage }) },
  {
    path: 'admin/vul-attributes',
    lazy: async () => ({ Component: (await import('./VulAttributesPage.tsx')).VulAttributesPage }),
  },
  {
    path: 'admin/connections',
    lazy: async () => ({ Component: (await import('./ConnectionsPage.tsx')).ConnectionsPage }),
  },
];
