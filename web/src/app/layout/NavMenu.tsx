// One dropdown of the navbar (the Administration menu): its entries come from lib/navigation.ts. Loaded only
// for users who have such a menu (the dropdown brings Popper with it), so the sign-in page does not carry it.
// react-bootstrap's dropdown is keyboard operable (Enter/Space open it, arrows move, Escape closes); in the
// collapsed navbar (below md) its menu opens in place under the button.
import { NavDropdown } from 'react-bootstrap';
import { NavLink, useLocation } from 'react-router';
import type { NavMenu as NavMenuEntry } from '../../lib/navigation.ts';

export function NavMenu({ menu }: { menu: NavMenuEntry }) {
  const { pathname } = useLocation();
  const active = menu.items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));
  return (
    <NavDropdown title={menu.label} id={`nav-menu-${menu.group}`} active={active} className="text-nowrap">
      {menu.items.map((item) => (
        <NavDropdown.Item key={item.to} as={NavLink} to={item.to} end={item.end}>
          {item.label}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
