// Who is assigned to the case, and assigning: a coordinator picked from the contacts, or the next user of an
// auto-assignment role (round robin on the server). Unassigning ends an assignment.
import { useState } from 'react';
import { Button, Form, ListGroup, Modal } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { assignCase, fetchCaseAssignments, unassignCase } from '../api.ts';
import { ContactTypeahead } from './ContactTypeahead.tsx';

export function AssignModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const client = useQueryClient();
  const assignments = useQuery({
    queryKey: queryKeys.cases.assignments(caseId),
    queryFn: () => fetchCaseAssignments(caseId),
  });
  const [coordinator, setCoordinator] = useState<Contact[]>([]);
  const [role, setRole] = useState('');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.cases.assignments(caseId) }),
      client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
    ]);
  const assign = useMutation({
    mutationFn: (to: { user: number } | { role: string }) => assignCase(caseId, to),
    onSuccess: async () => {
      setCoordinator([]);
      setRole('');
      await refresh();
    },
  });
  const unassign = useMutation({
    mutationFn: (user: number) => unassignCase(caseId, [user]),
    onSuccess: refresh,
  });

  return (
    <Modal show onHide={onHide} aria-labelledby="assign-case-title">
      <Modal.Header closeButton>
        <Modal.Title id="assign-case-title">Assignment</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ErrorAlert error={assignments.error} prefix="An error occurred: " />
        <ErrorAlert error={assign.error ?? unassign.error} />
        <h3 className="h6">Assigned</h3>
        {assignments.data?.length === 0 && <p className="text-body-secondary">Nobody is assigned.</p>}
        <ListGroup className="mb-3" aria-label="Assigned coordinators">
          {assignments.data?.map((a) => (
            <ListGroup.Item
              key={a.id}
              className="d-flex flex-wrap gap-2 justify-content-between align-items-center"
            >
              <span>
                {a.user.name}{' '}
                <span className="text-body-secondary small">
                  since {formatDate(a.created)}
                  {a.via !== 'manual' && ` · via ${a.via}`}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline-danger"
                disabled={unassign.isPending}
                onClick={() => unassign.mutate(a.user.id)}
                aria-label={`Unassign ${a.user.name}`}
              >
                Unassign
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>

        <Form
          className="mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (coordinator[0]) assign.mutate({ user: coordinator[0].id });
          }}
        >
          <Form.Label htmlFor="assign-coordinator">Assign a coordinator</Form.Label>
          <ContactTypeahead
            id="assign-coordinator"
            kind="user"
            selected={coordinator}
            onChange={setCoordinator}
            placeholder="Type a coordinator's name or email..."
          />
          <Button type="submit" size="sm" className="mt-2" disabled={!coordinator[0] || assign.isPending}>
            Assign
          </Button>
        </Form>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (role.trim()) assign.mutate({ role: role.trim() });
          }}
        >
          <Form.Group controlId="assign-role">
            <Form.Label>Auto-assign by role</Form.Label>
            <Form.Control value={role} onChange={(e) => setRole(e.target.value)} placeholder="Role name" />
            <Form.Text>The next coordinator of this auto-assignment role takes the case.</Form.Text>
          </Form.Group>
          <Button type="submit" size="sm" className="mt-2" disabled={!role.trim() || assign.isPending}>
            Auto-assign
          </Button>
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          Done
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
