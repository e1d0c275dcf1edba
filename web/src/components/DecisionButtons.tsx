import { Button } from 'react-bootstrap';

/** The Approve / Reject pair of the administrators' queues; both are disabled while a decision is sent. */
export function DecisionButtons(props: { busy?: boolean; onApprove(): void; onReject(): void }) {
  return (
    <>
      <Button size="sm" className="me-2" onClick={props.onApprove} disabled={props.busy}>
        Approve
      </Button>
      <Button size="sm" variant="outline-danger" onClick={props.onReject} disabled={props.busy}>
        Reject
      </Button>
    </>
  );
}
