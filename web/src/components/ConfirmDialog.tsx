// The one confirmation of the app, for what cannot be undone or is seen by others (delete, publish, share,
// notify, remove): the title names the action and its object, the body says what follows, the confirm
// button repeats the verb. When the server refuses, its reason shows in the dialog, which stays open with
// nothing changed; Cancel (and Escape) close it.
import type { ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { ErrorAlert } from './ErrorAlert.tsx';

export function ConfirmDialog(props: {
  /** The question: `Delete the tag "ICS"?`. */
  title: string;
  /** What follows (the default says it cannot be undone). */
  children?: ReactNode;
  /** The confirm button's verb: "Delete", "Publish", "Remove". */
  confirmLabel?: string;
  variant?: 'danger' | 'primary' | 'warning';
  /** The confirmed request is under way. */
  busy?: boolean;
  /** The confirmed request failed: its message is shown. */
  error?: unknown;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { title, children, confirmLabel = 'Delete', variant = 'danger', busy, error } = props;
  return (
    <Modal show onHide={props.onCancel} aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5 text-break">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children ?? <p className="mb-0">This cannot be undone.</p>}
        {error ? (
          <div className="mt-3">
            <ErrorAlert error={error} />
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button variant={variant} disabled={busy} onClick={props.onConfirm}>
          {busy && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
