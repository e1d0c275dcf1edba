// Staff start a thread: a subject and, optionally, the case participants it is restricted to.
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { THREAD_SUBJECT_MAX, type Thread } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { createThread, fetchCaseParticipants } from '../api.ts';

export function NewThreadModal({
  caseId,
  onClose,
  onCreated,
}: {
  caseId: number;
  onClose: () => void;
  onCreated: (thread: Thread) => void;
}) {
  const client = useQueryClient();
  const [subject, setSubject] = useState('');
  const [restrict, setRestrict] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [missing, setMissing] = useState(false);
  const participants = useQuery({
    queryKey: queryKeys.threads.caseParticipants(caseId),
    queryFn: () => fetchCaseParticipants(caseId),
    enabled: restrict,
  });
  const create = useMutation({
    mutationFn: () => createThread(caseId, subject.trim(), restrict ? [...chosen] : []),
    onSuccess: async (thread) => {
      await client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) });
      onCreated(thread);
    },
  });
  const subjectError = missing ? 'This field is required.' : fieldErrors(create.error).subject?.[0];

  return (
    <Modal show onHide={onClose} aria-labelledby="new-thread-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!subject.trim()) {
            setMissing(true);
            return;
          }
          create.mutate();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="new-thread-title">New thread</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="new-thread-subject" className="mb-3">
            <Form.Label>Subject</Form.Label>
            <Form.Control
              value={subject}
              maxLength={THREAD_SUBJECT_MAX}
              isInvalid={!!subjectError}
              onChange={(e) => {
                setSubject(e.target.value);
                setMissing(false);
              }}
            />
            <Form.Control.Feedback type="invalid">{subjectError}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check
            id="new-thread-restrict"
            type="switch"
            label="Only for chosen participants"
            checked={restrict}
            onChange={(e) => setRestrict(e.target.checked)}
          />
          {restrict && (
            <fieldset className="mt-2 border rounded p-2" style={{ maxHeight: 240, overflowY: 'auto' }}>
              <legend className="small fw-semibold float-none w-auto px-1 mb-0">Participants</legend>
              <ErrorAlert error={participants.error} />
              {participants.data?.length === 0 && <p className="small mb-0">No data ...</p>}
              {participants.data?.map((p) => (
                <Form.Check
                  key={p.id}
                  id={`new-thread-participant-${p.id}`}
                  label={`${p.name} (${p.role})`}
                  checked={chosen.has(p.id)}
                  onChange={(e) =>
                    setChosen((prev) => {
                      const next = new Set(prev);
                      if (e.target.checked) next.add(p.id);
                      else next.delete(p.id);
                      return next;
                    })
                  }
                />
              ))}
              <Form.Text>Staff always see every thread.</Form.Text>
            </fieldset>
          )}
          <ErrorAlert error={subjectError ? null : create.error} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create thread
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
