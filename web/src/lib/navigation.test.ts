import { describe, expect, it } from 'vitest';
import type { CurrentUser, RoleName } from '@cvdp/core';
import { NAV_ITEMS, navbarFor, type NavItem, type NavMenu } from './navigation.ts';

const user = (roles: RoleName[]) =>
  ({ id: 1, name: 'U', email: 'u@x', roles, groups: [] }) as unknown as CurrentUser;
const labels = (entries: (NavItem | NavMenu)[]) =>
  entries.map((e) => ('items' in e ? `${e.label}[${e.items.map((i) => i.label).join(',')}]` : e.label));

describe('navbarFor', () => {
  it('puts every admin-only entry in one Administration menu, where the first of them stood', () => {
    const entries = navbarFor(user(['admin']));
    const menus = entries.filter((e): e is NavMenu => 'items' in e);
    expect(menus).toHaveLength(1);
    expect(menus[0].label).toBe('Administration');
    const adminOnly = NAV_ITEMS.filter((i) => i.roles?.length === 1 && i.roles[0] === 'admin');
    expect(menus[0].items.map((i) => i.label)).toEqual(adminOnly.map((i) => i.label));
    expect(menus[0].items.map((i) => i.label)).toEqual(
      expect.arrayContaining(['Pending users', 'Users', 'Tags', 'Resolutions', 'Connections']),
    );
    // No admin-only entry is left as a link of its own.
    const links = entries.filter((e): e is NavItem => !('items' in e));
    expect(links.some((l) => l.roles?.length === 1 && l.roles[0] === 'admin')).toBe(false);
    expect(labels(entries).indexOf(labels(menus)[0])).toBeGreaterThan(labels(entries).indexOf('Home'));
  });

  it('every admin-only entry is grouped (an entry added without the group would show in the bar)', () => {
    for (const item of NAV_ITEMS.filter((i) => i.roles?.length === 1 && i.roles[0] === 'admin'))
      expect(item.group, item.label).toBe('admin');
  });

  it('shows no menu to someone without admin entries, and nothing to nobody', () => {
    expect(navbarFor(user(['coordinator'])).some((e) => 'items' in e)).toBe(false);
    expect(labels(navbarFor(user(['reporter'])))).toContain('My reports');
    expect(navbarFor(null)).toEqual([]);
  });
});
