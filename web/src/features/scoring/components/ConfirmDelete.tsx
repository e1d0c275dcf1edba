// Asks before a delete; the server's refusal is shown in the dialog, which stays open.
import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

export function ConfirmDelete(props: {
  title: string;
  children: ReactNode;
  busy: boolean;
  error: unknown;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Modal show onHide={props.onCancel} aria-labelledby="confirm-delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-delete-title" as="h2" className="h5">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {props.children}
        <ErrorAlert error={props.error} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={props.onConfirm} disabled={props.busy}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
