// "Create case" on a queue vulnerability (POST /api/vuls/{id}/) and a predisclosure vulnerability
// (POST /api/predisclosure/vuls/{id}/): base 2 makes a coordination case through base 1; the answer links to it.
import { Link } from 'react-router';
import { Alert, Button } from 'react-bootstrap';
import type { CaseCreated } from '@cvdp/core/scoring/work';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useCurrentUser, userHasRole } from '../../auth/index.ts';

/** The parts of a create-case mutation (useCreateCaseFromVul, useCreateCaseFromPredisclosure) it uses. */
interface CreateCase {
  mutate(): void;
  isPending: boolean;
  isSuccess: boolean;
  data?: CaseCreated;
  error: unknown;
}

export function CreateCaseSection({
  idPrefix,
  what,
  mutation,
}: {
  idPrefix: string;
  /** What the case is made from, e.g. "its description and CWEs". */
  what: string;
  mutation: CreateCase;
}) {
  // Cases are open to staff (coordinators, administrators) and their participants: a scorer only is told
  // its number rather than given a link that would refuse them.
  const { user } = useCurrentUser();
  const staff = !!user && (userHasRole(user, 'coordinator') || userHasRole(user, 'admin'));
  return (
    <section aria-labelledby={`${idPrefix}-case-title`} className="mb-4">
      <h2 id={`${idPrefix}-case-title`} className="h5">
        Coordination case
      </h2>
      <p className="small text-body-secondary">
        Make a new coordination case from this vulnerability ({what}); asking twice gives the same case.
      </p>
      <Button variant="outline-primary" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        Create case
      </Button>
      {mutation.isSuccess && mutation.data && (
        <Alert variant="success" className="mt-2" role="status">
          {mutation.data.vul ? `Case #${mutation.data.case.id} created.` : `Case #${mutation.data.case.id}.`}{' '}
          {staff ? (
            <Link to={`/cvdp/cases/${mutation.data.case.id}`}>Open case #{mutation.data.case.id}</Link>
          ) : (
            'Coordinators take it from here.'
          )}
        </Alert>
      )}
      <div className="mt-2">
        <ErrorAlert error={mutation.error} />
      </div>
    </section>
  );
}
