// Our CVSS 3.1 score as a typed vector, shared by a published vulnerability's page and a predisclosure
// one: the server scores it (a bad vector comes back under the field), 'Saved.' once it did.
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { fieldErrors } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError } from '../../../components/form/index.ts';

/** 'Saved.' after a save went through; announced to screen readers. */
export function Saved({ ok }: { ok: boolean }) {
  return ok ? (
    <span className="text-success-emphasis small" role="status">
      Saved.
    </span>
  ) : null;
}

/** The parts of a score mutation the form uses (either page's mutation takes `{cvss3}`). */
interface Cvss3Save {
  mutate(body: { cvss3: string }): void;
  reset(): void;
  error: unknown;
  isPending: boolean;
  isSuccess: boolean;
}

export function Cvss3VectorForm({ id, initial, save }: { id: string; initial: string; save: Cvss3Save }) {
  const [vector, setVector] = useState(initial);
  const fieldError = save.error ? fieldErrors(save.error).cvss3?.[0] : undefined;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (vector.trim()) save.mutate({ cvss3: vector.trim() });
      }}
    >
      <Form.Group controlId={id}>
        <Form.Label>CVSS v3.1 vector</Form.Label>
        <Form.Control
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"
          value={vector}
          isInvalid={!!fieldError}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(e) => {
            setVector(e.target.value);
            save.reset();
          }}
        />
        <FieldError message={fieldError} id={`${id}-error`} />
      </Form.Group>
      {save.error && !fieldError ? <ErrorAlert error={save.error} /> : null}
      <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
        <Button type="submit" size="sm" disabled={!vector.trim() || save.isPending}>
          Save CVSS 3.1 score
        </Button>
        <Saved ok={save.isSuccess} />
      </div>
    </Form>
  );
}
