// The submit button of a ZodForm: disabled while the form is submitting or its request is under way, so
// a double click sends once.
import type { ReactNode } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useFormContext } from 'react-hook-form';

export function SubmitButton(props: {
  children: ReactNode;
  /** The request the form started is under way (a mutation's isPending). */
  pending?: boolean;
  disabled?: boolean;
  variant?: string;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const { formState } = useFormContext();
  const busy = formState.isSubmitting || Boolean(props.pending);
  return (
    <Button
      type="submit"
      variant={props.variant ?? 'primary'}
      size={props.size}
      className={props.className}
      disabled={busy || props.disabled}
    >
      {busy && <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />}
      {props.children}
    </Button>
  );
}
