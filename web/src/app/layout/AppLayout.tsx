// The shared layout: navigation by role, the signed-in user, sign out; the session guard runs here.
import { Suspense, lazy } from 'react';
import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink, Outlet } from 'react-router';
import { appConfig } from '../../lib/config.ts';
import { navigationFor } from '../../lib/navigation.ts';
import { SessionTimeoutGuard, logout, useCurrentUser, useSetCurrentUser } from '../../features/auth/index.ts';
import { NotificationsMenu } from '../../features/notifications/index.ts';

const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

export function AppLayout() {
  const { user } = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();

  async function signOut() {
    await logout(appConfig.logoutUrl).catch(() => undefined);
    setCurrentUser(null);
    window.location.assign('/cvdp/login');
  }

  return (
    <>
      <Navbar bg="dark" data-bs-theme="dark" expand="md" className="mb-4">
        <Container>
          <Navbar.Brand as={Link} to="/cvdp/">
            CVDP
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-nav" />
          <Navbar.Collapse id="main-nav">
            {/* Many links (an admin's): they wrap as a whole onto a second row, never word by word. */}
            <Nav className="me-auto flex-wrap">
              {navigationFor(user).map((item) => (
                <Nav.Link key={item.to} as={NavLink} to={item.to} end={item.end} className="text-nowrap">
                  {item.label}
                </Nav.Link>
              ))}
            </Nav>
            <Nav>
              {user ? (
                <>
                  <Suspense fallback={null}>
                    <NotificationsMenu />
                  </Suspense>
                  <Suspense fallback={<Navbar.Text>{user.name}</Navbar.Text>}>
                    <UserMenu user={user} onSignOut={() => void signOut()} />
                  </Suspense>
                </>
              ) : (
                <Nav.Link as={NavLink} to="/cvdp/login">
                  Sign in
                </Nav.Link>
              )}
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <Container as="main" className="pb-5">
        <Outlet />
      </Container>
      {user && (
        <Suspense fallback={null}>
          <SessionTimeoutGuard
            inactivityTimeout={appConfig.inactivityTimeout}
            logoutUrl={appConfig.logoutUrl}
          />
        </Suspense>
      )}
    </>
  );
}
