// Delete with confirmation: the dialog names what goes; when the server refuses (a template in use: 409) its
// reason is shown and the dialog stays open, nothing removed.
import { Button, Modal } from 'react-bootstrap';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

export function ConfirmDeleteModal(props: {
  /** What is deleted, as the sentence names it: `the email template "Reminder"`. */
  what: string;
  onConfirm(): Promise<unknown>;
  onDeleted(): void;
  onClose(): void;
}) {
  const remove = useMutation({ mutationFn: props.onConfirm, onSuccess: props.onDeleted });
  return (
    <Modal show onHide={props.onClose} aria-labelledby="confirm-delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-delete-title" as="h2" className="h5 text-break">
          Delete {props.what}?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">This cannot be undone.</p>
        {remove.error ? (
          <div className="mt-3">
            <ErrorAlert error={remove.error} />
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
