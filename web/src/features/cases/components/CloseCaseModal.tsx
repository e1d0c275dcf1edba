// Closing a case needs a resolution (from GET /api/case/metadata/); the server refuses a close without one.
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { CLOSE_NEEDS_RESOLUTION } from '@cvdp/core';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { fetchCaseListMetadata } from '../api.ts';
import { useCaseChange } from '../use-case-change.ts';

export function CloseCaseModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const metadata = useQuery({ queryKey: queryKeys.cases.listMetadata(), queryFn: fetchCaseListMetadata });
  const [resolution, setResolution] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useCaseChange(caseId, onHide);
  const missing = resolution === '';
  const chosen = metadata.data?.resolutions.find((r) => String(r.id) === resolution);

  return (
    <Modal show onHide={onHide} aria-labelledby="close-case-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!missing) change.mutate({ status: 2, resolution: Number(resolution) });
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="close-case-title">Close the case</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert error={metadata.error} prefix="An error occurred: " />
          <ErrorAlert error={change.error} />
          <Form.Group controlId="close-case-resolution">
            <Form.Label>Resolution</Form.Label>
            <Form.Select
              value={resolution}
              isInvalid={touched && missing}
              onChange={(e) => setResolution(e.target.value)}
              disabled={!metadata.data}
            >
              <option value="">Choose a resolution...</option>
              {metadata.data?.resolutions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{CLOSE_NEEDS_RESOLUTION}</Form.Control.Feedback>
            {chosen?.description && <Form.Text>{chosen.description}</Form.Text>}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={change.isPending}>
            Close case
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
