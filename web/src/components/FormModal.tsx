// A ZodForm in a dialog (create and edit dialogs): the title names the form, Cancel and the submit button
// stand in the footer, the server's refusal that names no field shows above them, and the fields keep what
// was typed. A backdrop click does not close it (a typed form is not lost by a stray click).
import { useId, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { SubmitButton, ZodForm } from './form/index.ts';

export function FormModal<V extends FieldValues, O>(props: {
  form: UseFormReturn<V, unknown, O>;
  title: string;
  submitLabel: string;
  /** The request the form started is under way (a mutation's isPending). */
  pending: boolean;
  /** The last failed request (a mutation's error): field messages go under their fields. */
  error?: unknown;
  onSubmit(values: O): unknown;
  onClose(): void;
  /** The submit button stays disabled (what the form needs is still loading). */
  disabled?: boolean;
  size?: 'lg' | 'xl';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal show onHide={props.onClose} aria-labelledby={titleId} backdrop="static" size={props.size}>
      <ZodForm
        form={props.form}
        error={props.error}
        label={props.title}
        onSubmit={props.onSubmit}
        footer={
          <Modal.Footer>
            <Button variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
            <SubmitButton pending={props.pending} disabled={props.disabled}>
              {props.submitLabel}
            </SubmitButton>
          </Modal.Footer>
        }
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5 text-break">
            {props.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{props.children}</Modal.Body>
      </ZodForm>
    </Modal>
  );
}
