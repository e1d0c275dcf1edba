// Vendors' approvals of the advisory: staff ask every vendor participant to approve the latest (shared)
// revision; a vendor's member approves it or asks for changes with a comment. Who answered which revision is
// listed, and an answer about an older revision is marked as such.
import { useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup } from 'react-bootstrap';
import type { AdvisoryRevision, Approval } from '@cvdp/core';
import { APPROVAL_STATUS_LABELS } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useAnswerApproval, useApprovals, useRequestApprovals } from '../api/index.ts';

export const NO_APPROVALS_TEXT = 'No approvals asked yet.';

const statusVariant = { pending: 'secondary', approved: 'success', changes_requested: 'warning' } as const;

export function ApprovalsPanel({
  caseId,
  staff,
  latest,
}: {
  caseId: number;
  staff: boolean;
  latest: AdvisoryRevision;
}) {
  const approvals = useApprovals(caseId);
  const ask = useRequestApprovals(caseId);
  const rows = approvals.data ?? [];
  return (
    <section aria-labelledby="advisory-approvals-title" className="mt-4">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h3 id="advisory-approvals-title" className="h6 mb-0 me-auto">
          Approvals
        </h3>
        {staff && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={ask.isPending || !latest.shared}
            onClick={() => ask.mutate()}
          >
            Ask vendors to approve
          </Button>
        )}
      </div>
      {staff && !latest.shared && (
        <p className="small text-body-secondary">
          Share the latest revision before asking vendors to approve it.
        </p>
      )}
      {ask.error ? (
        <Alert variant="danger" className="py-2" role="alert">
          {errorMessage(ask.error)}
        </Alert>
      ) : null}
      {approvals.error ? <ErrorAlert error={approvals.error} prefix="An error occurred: " /> : null}
      {approvals.isSuccess && rows.length === 0 ? (
        <p className="small text-body-secondary">{NO_APPROVALS_TEXT}</p>
      ) : (
        <ListGroup as="ul">
          {rows.map((a) => (
            <ApprovalItem key={a.id} caseId={caseId} approval={a} />
          ))}
        </ListGroup>
      )}
    </section>
  );
}

function ApprovalItem({ caseId, approval: a }: { caseId: number; approval: Approval }) {
  const [comment, setComment] = useState('');
  const answer = useAnswerApproval(caseId, a.id);
  const send = (status: 'approved' | 'changes_requested') =>
    answer.mutate({ status, comment }, { onSuccess: () => setComment('') });
  const commentError = fieldErrors(answer.error).comment?.[0];
  const open = a.can_answer && !a.for_older_revision;
  return (
    <ListGroup.Item as="li" aria-label={`Approval of ${a.participant.name}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="fw-semibold me-auto text-break">{a.participant.name}</span>
        <span className="small">Revision {a.revision}</span>
        {a.for_older_revision && (
          <Badge bg="light" text="dark" className="border">
            Older revision
          </Badge>
        )}
        <Badge bg={statusVariant[a.status]} text={a.status === 'changes_requested' ? 'dark' : undefined}>
          {APPROVAL_STATUS_LABELS[a.status]}
        </Badge>
      </div>
      <div className="small text-body-secondary">
        Asked {formatDateTime(a.requested)}
        {a.requested_by ? ` by ${a.requested_by.name}` : ''}
        {a.answered ? ` · answered ${formatDateTime(a.answered)}` : ''}
        {a.answered_by ? ` by ${a.answered_by.name}` : ''}
      </div>
      {a.comment && (
        <p className="mb-0 mt-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {a.comment}
        </p>
      )}
      {open && (
        <Form
          className="mt-2"
          noValidate
          aria-label={`Answer for ${a.participant.name}`}
          onSubmit={(e) => e.preventDefault()}
        >
          <Form.Group controlId={`approval-${a.id}-comment`} className="mb-2">
            <Form.Label className="small mb-0">Comment</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              isInvalid={Boolean(commentError)}
              aria-describedby={commentError ? `approval-${a.id}-comment-error` : undefined}
            />
            {commentError && (
              <div id={`approval-${a.id}-comment-error`} className="invalid-feedback d-block">
                {commentError}
              </div>
            )}
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <Button size="sm" variant="success" disabled={answer.isPending} onClick={() => send('approved')}>
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline-warning"
              className="text-body"
              disabled={answer.isPending}
              onClick={() => send('changes_requested')}
            >
              Request changes
            </Button>
          </div>
          {answer.error && !commentError ? (
            <Alert variant="danger" className="py-2 mt-2" role="alert">
              {errorMessage(answer.error)}
            </Alert>
          ) : null}
        </Form>
      )}
    </ListGroup.Item>
  );
}
