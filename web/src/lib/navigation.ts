// Which links each role sees (the layout's navigation and the home page's cards). Later screens add
// their entries here.
import type { CurrentUser, RoleName } from '@cvdp/core';

export interface NavItem {
  to: string;
  label: string;
  roles?: RoleName[];
  end?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/cvdp/', label: 'Home', end: true },
  { to: '/cvdp/my-cases', label: 'My cases' },
  { to: '/cvdp/cases', label: 'All cases', end: true },
  { to: '/cvdp/triage', label: 'Triage', roles: ['coordinator', 'admin'] },
  { to: '/cvdp/search', label: 'Search' },
  { to: '/cvdp/dashboard', label: 'Dashboard', roles: ['coordinator', 'admin'] },
  { to: '/cvdp/report', label: 'Report a vulnerability' },
  { to: '/cvdp/reports/', label: 'My reports' },
  { to: '/cvdp/scoring', label: 'Scoring', roles: ['scorer', 'admin'] },
  { to: '/cvdp/admin/users/pending', label: 'Pending users', roles: ['admin'] },
  { to: '/cvdp/admin/users', label: 'Users', roles: ['admin'], end: true },
  { to: '/cvdp/admin/csaf/profiles', label: 'CSAF profiles', roles: ['admin'] },
];

export function navigationFor(user: CurrentUser | null): NavItem[] {
  if (!user) return [];
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.some((r) => user.roles.includes(r)));
}
