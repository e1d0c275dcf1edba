// Who holds the lock of a vulnerability and until when; Lock / Unlock for scorers, Break lock for admins.
// A refusal (409 naming the holder) is shown as the server words it.
import { Alert, Button } from 'react-bootstrap';
import type { VulDetail } from '@cvdp/core/scoring/index';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useChangeVulLock } from '../api/index.ts';

export function LockBanner(props: { vul: VulDetail; userId: number; isAdmin: boolean }) {
  const { vul } = props;
  const change = useChangeVulLock(vul.cve_id);
  const lock = vul.locked;
  const mine = lock?.user.id === props.userId;
  return (
    <div className="mb-3" data-testid="lock-banner">
      {!lock && (
        <Alert variant="secondary" className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <span className="me-auto">
            Not locked. Lock the vulnerability to score it or write its analysis.
          </span>
          <Button size="sm" disabled={change.isPending} onClick={() => change.mutate({ lock: '1' })}>
            Lock
          </Button>
        </Alert>
      )}
      {lock && mine && (
        <Alert variant="success" className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <span className="me-auto">You hold the lock until {formatDateTime(lock.expires_at)}.</span>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ unlock: '1' })}
          >
            Unlock
          </Button>
        </Alert>
      )}
      {lock && !mine && (
        <Alert variant="warning" className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <span className="me-auto">
            Locked by {lock.user.name} since {formatDateTime(lock.locked_at)} (until{' '}
            {formatDateTime(lock.expires_at)}).
          </span>
          {props.isAdmin && (
            <Button
              size="sm"
              variant="outline-danger"
              disabled={change.isPending}
              onClick={() => change.mutate({ unlock: '1' })}
            >
              Break lock
            </Button>
          )}
        </Alert>
      )}
      <ErrorAlert error={change.error} />
    </div>
  );
}
