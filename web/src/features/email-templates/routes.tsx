import type { RouteObject } from 'react-router';

/** The email templates screen, mounted under /cvdp/ for administrators (its own chunk). */
export const emailTemplateRoutes: RouteObject[] = [
  {
    path: 'admin/email/templates',
    lazy: async () => ({ Component: (await import('./EmailTemplatesPage.tsx')).EmailTemplatesPage }),
  },
];
