// The signed-in user's menu: who they are, their account, sign out. Loaded only once someone is signed in
// (the dropdown brings Popper with it), so the sign-in page does not carry it.
import type { CurrentUser } from '@cvdp/core';
import { NavDropdown } from 'react-bootstrap';
import { Link } from 'react-router';

export function UserMenu({ user, onSignOut }: { user: CurrentUser; onSignOut(): void }) {
  return (
    <NavDropdown title={user.name} id="user-menu" align="end">
      <NavDropdown.ItemText className="small text-muted">
        {user.email}
        <br />
        {user.roles.join(', ')}
      </NavDropdown.ItemText>
      <NavDropdown.Divider />
      <NavDropdown.Item as={Link} to="/cvdp/account">
        Account
      </NavDropdown.Item>
      <NavDropdown.Item onClick={onSignOut}>Sign out</NavDropdown.Item>
    </NavDropdown>
  );
}
