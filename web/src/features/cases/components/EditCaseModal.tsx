// Editing the case's title, summary, dates and tags (staff: PATCH /api/cases/{id}/). Field messages from the
// server show under their field.
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import type { CaseDetail, CaseUpdate } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useCaseChange } from '../use-case-change.ts';

const parseTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

export function EditCaseModal({ c, onHide }: { c: CaseDetail; onHide(): void }) {
  const [title, setTitle] = useState(c.title);
  const [summary, setSummary] = useState(c.summary);
  const [dueDate, setDueDate] = useState(c.due_date ?? '');
  const [publicDate, setPublicDate] = useState(c.public_date ?? '');
  const [tags, setTags] = useState(c.tags.join(', '));
  const change = useCaseChange(c.id, onHide);
  const errors = fieldErrors(change.error);
  const feedback = (field: string) =>
    errors[field] && <Form.Control.Feedback type="invalid">{errors[field].join(' ')}</Form.Control.Feedback>;

  const submit = () => {
    const update: CaseUpdate = {
      title: title.trim(),
      summary,
      due_date: dueDate || null,
      public_date: publicDate || null,
      tags: parseTags(tags),
    };
    change.mutate(update);
  };

  return (
    <Modal show onHide={onHide} aria-labelledby="edit-case-title">
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="edit-case-title">Edit the case</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert error={change.error} />
          <Form.Group className="mb-3" controlId="edit-case-title-field">
            <Form.Label>Title</Form.Label>
            <Form.Control
              value={title}
              required
              isInvalid={!!errors.title}
              onChange={(e) => setTitle(e.target.value)}
            />
            {feedback('title')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-case-summary">
            <Form.Label>Summary</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={summary}
              isInvalid={!!errors.summary}
              onChange={(e) => setSummary(e.target.value)}
            />
            {feedback('summary')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-case-due">
            <Form.Label>Due date</Form.Label>
            <Form.Control
              type="date"
              value={dueDate}
              isInvalid={!!errors.due_date}
              onChange={(e) => setDueDate(e.target.value)}
            />
            {feedback('due_date')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="edit-case-public">
            <Form.Label>Public date</Form.Label>
            <Form.Control
              type="date"
              value={publicDate}
              isInvalid={!!errors.public_date}
              onChange={(e) => setPublicDate(e.target.value)}
            />
            {feedback('public_date')}
          </Form.Group>
          <Form.Group controlId="edit-case-tags">
            <Form.Label>Tags</Form.Label>
            <Form.Control value={tags} isInvalid={!!errors.tags} onChange={(e) => setTags(e.target.value)} />
            <Form.Text>Separate tags with commas.</Form.Text>
            {feedback('tags')}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" disabled={change.isPending || !title.trim()}>
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
