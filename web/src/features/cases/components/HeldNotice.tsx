// A report held beyond a submit limit (issue 28): its reporter reads that it is safe and will be read;
// staff also read why it is held and release it into the triage queue.
import { Alert, Button } from 'react-bootstrap';
import type { HeldState } from '@cvdp/core';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useReleaseHeld } from '../api/index.ts';

export function HeldNotice({ caseId, held }: { caseId: number; held: HeldState }) {
  const release = useReleaseHeld();
  if (held.reason === null)
    return (
      <Alert variant="info" role="status">
        {held.notice}
      </Alert>
    );
  return (
    <Alert variant="info" className="text-body">
      <h3 className="h6">Held since {formatDateTime(held.since)}</h3>
      <p className="mb-2">{held.reason} It is not in the triage queue until it is released.</p>
      <ErrorAlert error={release.error} />
      <Button
        size="sm"
        disabled={release.isPending}
        onClick={() =>
          release.mutate(caseId, {
            onSuccess: () => toast(`Report #${caseId} released into the triage queue.`),
          })
        }
      >
        Release into the triage queue
      </Button>
    </Alert>
  );
}
