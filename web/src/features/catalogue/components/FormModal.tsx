// The create/edit dialog of every catalogue screen: a form in a modal with Cancel and a submit button that is
// disabled while the call runs. What the server refused without naming a field is shown above the buttons;
// the fields keep what was typed.
import type { FormEventHandler, ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';

export function FormModal(props: {
  /** Unique on the page: the dialog's title id derives from it. */
  id: string;
  title: string;
  submitLabel: string;
  busy: boolean;
  /** The server's refusal when it named no field of the form (shown whole). */
  error?: unknown;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  children: ReactNode;
}) {
  const titleId = `${props.id}-title`;
  return (
    <Modal show onHide={props.onClose} aria-labelledby={titleId} backdrop="static">
      <Form noValidate aria-labelledby={titleId} onSubmit={props.onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} className="h5">
            {props.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {props.children}
          <ErrorAlert error={props.error} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={props.busy}>
            {props.submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
