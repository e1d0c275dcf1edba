// The shared layout: navigation by role, the signed-in user, sign out; the session guard runs here.
//
// The bar is Bootstrap's navbar markup written out rather than react-bootstrap's Navbar: that component
// brings Offcanvas, Modal and the transition machinery with it (about 8 kB gzip), which every page, the
// sign-in page first, would load before it renders. The collapse below md opens and closes without an
// animation. The context tells the menus' NavDropdowns (lazy) they sit in a navbar, as Navbar did: their
// menus are placed by Bootstrap's navbar CSS, not by Popper.
import { Suspense, lazy, useMemo, useState } from 'react';
import NavbarContext from 'react-bootstrap/esm/NavbarContext';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { appConfig } from '../../lib/config.ts';
import { Toasts } from '../../components/Toasts.tsx';
import { navbarFor } from '../../lib/navigation.ts';
import { SessionTimeoutGuard, logout, useCurrentUser, useSetCurrentUser } from '../../features/auth/index.ts';
import { NotificationsMenu } from '../../features/notifications/index.ts';

const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));
const NavMenu = lazy(() => import('./NavMenu.tsx').then((m) => ({ default: m.NavMenu })));

const navLinkClass = 'nav-link text-nowrap';

export function AppLayout() {
  const { user } = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();
  // The collapsed menu (below md) closes when the page changes.
  const { pathname } = useLocation();
  const [expandedAt, setExpandedAt] = useState<string | null>(null);
  const expanded = expandedAt === pathname;
  const navbar = useMemo(
    () => ({
      bsPrefix: 'navbar',
      expand: 'md',
      expanded,
      onToggle: () => setExpandedAt(expanded ? null : pathname),
    }),
    [expanded, pathname],
  );

  async function signOut() {
    await logout(appConfig.logoutUrl).catch(() => undefined);
    setCurrentUser(null);
    window.location.assign('/cvdp/login');
  }

  return (
    <>
      <NavbarContext.Provider value={navbar}>
        <nav className="navbar navbar-expand-md bg-dark mb-4" data-bs-theme="dark">
          <div className="container">
            <Link to="/cvdp/" className="navbar-brand">
              CVDP
            </Link>
            <button
              type="button"
              className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
              aria-controls="main-nav"
              aria-expanded={expanded}
              aria-label="Toggle navigation"
              onClick={navbar.onToggle}
            >
              <span className="navbar-toggler-icon" />
            </button>
            <div id="main-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
              {/* Many links (an admin's): they wrap as a whole onto a second row, never word by word. */}
              <div className="navbar-nav me-auto flex-wrap">
                {navbarFor(user).map((entry) =>
                  'items' in entry ? (
                    // A dropdown (the Administration menu): its label stands in until it has loaded.
                    <Suspense
                      key={entry.group}
                      fallback={<span className={navLinkClass}>{entry.label}</span>}
                    >
                      <NavMenu menu={entry} />
                    </Suspense>
                  ) : (
                    <NavLink key={entry.to} to={entry.to} end={entry.end} className={navLinkClass}>
                      {entry.label}
                    </NavLink>
                  ),
                )}
              </div>
              <div className="navbar-nav">
                {user ? (
                  <>
                    <Suspense fallback={null}>
                      <NotificationsMenu />
                    </Suspense>
                    <Suspense fallback={<span className="navbar-text">{user.name}</span>}>
                      <UserMenu user={user} onSignOut={() => void signOut()} />
                    </Suspense>
                  </>
                ) : (
                  <NavLink to="/cvdp/login" className="nav-link">
                    Sign in
                  </NavLink>
                )}
              </div>
            </div>
          </div>
        </nav>
      </NavbarContext.Provider>
      <main className="container pb-5">
        <Outlet />
      </main>
      <Toasts />
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
