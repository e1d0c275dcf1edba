// /cvdp/my-cases: the open cases (pending and active) the user works on. For staff, who see every case,
// that is the cases they own (owned=True&status=0&status=1); anyone else sees only cases they or their
// groups take part in, so theirs are all the open cases they see.
import { Link } from 'react-router';
import { useCurrentUser, userHasRole } from '../auth/index.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { CaseList } from './components/CaseList.tsx';
import { ALL_CASES_PATH } from './paths.ts';

export const OPEN_STATUSES = [0, 1];

export function MyCasesPage() {
  const { user } = useCurrentUser();
  const staff = !!user && userHasRole(user, 'coordinator', 'admin');
  usePageTitle('My cases');
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">My cases</h1>
        <Link to={ALL_CASES_PATH}>All cases</Link>
      </div>
      <p className="text-body-secondary">
        {staff ? 'Pending and active cases you own.' : 'Pending and active cases you take part in.'}
      </p>
      <CaseList filters={{ owned: staff, status: OPEN_STATUSES }} caption="My cases" />
    </>
  );
}
