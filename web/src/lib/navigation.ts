// Which links each role sees (the layout's navigation and the home page's cards). Later screens add
// their entries here. An entry with a `group` is listed in that group's dropdown in the navbar instead of
// as a link of its own: every admin-only screen has `roles: ['admin'], group: 'admin'` (the Administration
// menu), in the order listed here.
import type { CurrentUser, RoleName } from '@cvdp/core';

/** The navbar's dropdowns, by key: the label of each (its button). */
export const NAV_GROUPS = { admin: 'Administration' } as const;
export type NavGroup = keyof typeof NAV_GROUPS;

export interface NavItem {
  to: string;
  label: string;
  roles?: RoleName[];
  end?: boolean;
  /** Listed in this dropdown of the navbar (NAV_GROUPS) rather than as a link of its own. */
  group?: NavGroup;
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
  { to: '/cvdp/cve/accounts', label: 'CVE accounts', roles: ['scorer', 'admin'] },
  // The Administration menu.
  { to: '/cvdp/admin/users/pending', label: 'Pending users', roles: ['admin'], group: 'admin' },
  { to: '/cvdp/admin/users', label: 'Users', roles: ['admin'], end: true, group: 'admin' },
  { to: '/cvdp/admin/csaf/profiles', label: 'CSAF profiles', roles: ['admin'], group: 'admin' },
  { to: '/cvdp/admin/resolutions', label: 'Resolutions', roles: ['admin'], group: 'admin' },
  { to: '/cvdp/admin/tags', label: 'Tags', roles: ['admin'], group: 'admin' },
  {
    to: '/cvdp/admin/vul-attributes',
    label: 'Vulnerability attributes',
    roles: ['admin'],
    group: 'admin',
  },
  { to: '/cvdp/admin/connections', label: 'Connections', roles: ['admin'], group: 'admin' },
  { to: '/cvdp/admin/webhooks', label: 'Webhooks', roles: ['admin'], group: 'admin' },
  { to: '/cvdp/admin/email/templates', label: 'Email templates', roles: ['admin'], group: 'admin' },
  { to: '/cvdp/admin/audit', label: 'Audit log', roles: ['admin'], group: 'admin' },
];

export function navigationFor(user: CurrentUser | null): NavItem[] {
  if (!user) return [];
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.some((r) => user.roles.includes(r)));
}

export interface NavMenu {
  group: NavGroup;
  label: string;
  items: NavItem[];
}

/**
 * The navbar for a user: the links of their own (in order), and each dropdown they have entries in — placed
 * where its first entry stands (a menu is told from a link by `'items' in entry`).
 */
export function navbarFor(user: CurrentUser | null): (NavItem | NavMenu)[] {
  const entries: (NavItem | NavMenu)[] = [];
  const menus = new Map<NavGroup, NavMenu>();
  for (const item of navigationFor(user)) {
    if (!item.group) {
      entries.push(item);
      continue;
    }
    let menu = menus.get(item.group);
    if (!menu) {
      menu = { group: item.group, label: NAV_GROUPS[item.group], items: [] };
      menus.set(item.group, menu);
      entries.push(menu);
    }
    menu.items.push(item);
  }
  return entries;
}
