// The scoring section's own menu, at the top of each of its pages: the queue, CPE search, priorities and
// assignments, insights, predisclosure and (admins) ingest. Plain links, so Tab reaches each and Enter opens it;
// the current page is marked aria-current="page".
import { NavLink } from 'react-router';
import { useCurrentUser, userHasRole } from '../../auth/index.ts';

const LINKS = [
  { to: '/cvdp/scoring', label: 'Queue', end: true },
  { to: '/cvdp/scoring/cpe', label: 'CPE search' },
  { to: '/cvdp/scoring/work', label: 'Priorities and assignments' },
  { to: '/cvdp/scoring/insights', label: 'Insights' },
  { to: '/cvdp/scoring/predisclosure', label: 'Predisclosure' },
];

export function ScoringNav() {
  const isAdmin = userHasRole(useCurrentUser().user, 'admin');
  const links = isAdmin ? [...LINKS, { to: '/cvdp/scoring/ingest', label: 'Ingest CVE records' }] : LINKS;
  return (
    <nav aria-label="Scoring" className="mb-3">
      <ul className="nav nav-underline flex-wrap small">
        {links.map((l) => (
          <li className="nav-item" key={l.to}>
            <NavLink to={l.to} end={'end' in l ? l.end : false} className="nav-link py-1">
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
