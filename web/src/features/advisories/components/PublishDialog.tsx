// Publishing the latest revision behind the guard rails (issue 25): the dialog first reads the blockers and
// lists each with what fixes it (linked). With none it still confirms (publishing is public and final);
// with some, staff may publish anyway with a reason, which the server records in the activity and embargo
// logs. A 409 (blockers that appeared since the list was read) shows the server's list in the same place.
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { format } from 'date-fns';
import { type Blocker, OVERRIDE_REASON_REQUIRED } from '@cvdp/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { blockersOfError, useBlockers, usePatchLatest } from '../api/index.ts';

export function BlockerList({ blockers }: { blockers: Blocker[] }) {
  return (
    <ul className="mb-3" aria-label="Blockers">
      {blockers.map((b) => (
        <li key={`${b.code}-${b.message}`} className="text-break">
          {b.message}{' '}
          <a href={b.link} className="d-inline-block">
            {b.fix}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function PublishDialog({ caseId, onClose }: { caseId: number; onClose(): void }) {
  const blockers = useBlockers(caseId);
  const change = usePatchLatest(caseId);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const refused = blockersOfError(change.error);
  const list = refused ?? blockers.data?.blockers ?? [];
  const blocked = list.length > 0;

  const publish = () => {
    if (blocked && !reason.trim()) {
      setReasonMissing(true);
      return;
    }
    change.mutate(
      {
        date_published: format(new Date(), 'yyyy-MM-dd'),
        ...(blocked ? { override_reason: reason.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast(blocked ? 'Advisory published over its blockers.' : 'Advisory published.');
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      title="Publish the advisory?"
      confirmLabel={blocked ? 'Publish anyway' : 'Publish'}
      variant={blocked ? 'warning' : 'primary'}
      busy={change.isPending || blockers.isPending}
      // The blockers of a 409 are listed below, not repeated as an error.
      error={refused ? undefined : change.error}
      onConfirm={publish}
      onCancel={onClose}
    >
      {blockers.isPending ? <PageSpinner label="Checking what blocks publication…" /> : null}
      {blockers.error ? (
        <ErrorAlert error={blockers.error} prefix="The blockers could not be read: " />
      ) : null}
      {blockers.isSuccess && !blocked ? (
        <p className="mb-0">
          Nothing blocks publication. The advisory becomes public on its public page and is sent to every
          participant; this cannot be undone.
        </p>
      ) : null}
      {blocked ? (
        <>
          <Alert variant="warning" className="py-2">
            {refused ? 'Publication was refused: ' : ''}
            {list.length === 1 ? 'One thing blocks' : `${list.length} things block`} publication.
          </Alert>
          <BlockerList blockers={list} />
          <Form.Group controlId="publish-override-reason">
            <Form.Label>Override reason (required to publish anyway)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={reason}
              isInvalid={reasonMissing && !reason.trim()}
              aria-describedby="publish-override-reason-error"
              onChange={(e) => setReason(e.target.value)}
            />
            <Form.Control.Feedback type="invalid" id="publish-override-reason-error">
              {OVERRIDE_REASON_REQUIRED}
            </Form.Control.Feedback>
          </Form.Group>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
