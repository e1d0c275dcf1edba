// Who is assigned to the case, and assigning: a coordinator picked from the contacts, or the next user of an
// auto-assignment role (round robin on the server). Unassigning ends an assignment.
import { Button, ListGroup, Modal } from 'react-bootstrap';
import { z } from 'zod';
import type { Contact } from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../../components/form/index.ts';
import { useAssignCase, useCaseAssignments, useUnassignCase } from '../api/index.ts';
import { ContactField } from './ContactField.tsx';

/** The two ways of assignSchema, one form each: a coordinator picked (their id is sent), or a role's name. */
const coordinatorSchema = z.object({ coordinator: z.array(z.custom<Contact>()).min(1) });
const roleSchema = z.object({ role: z.string().trim().min(1).max(100) });

export function AssignModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const assignments = useCaseAssignments(caseId);
  const assign = useAssignCase(caseId);
  const unassign = useUnassignCase(caseId);
  const byCoordinator = useZodForm(coordinatorSchema, { defaultValues: { coordinator: [] } });
  const byRole = useZodForm(roleSchema, { defaultValues: { role: '' } });
  const picked = byCoordinator.watch('coordinator').length > 0;
  const named = byRole.watch('role').trim() !== '';
  // Either way, both forms start afresh once the case is assigned.
  const assigned = (a: { user: { name: string } }) => {
    toast(`Case assigned to ${a.user.name}.`);
    byCoordinator.reset();
    byRole.reset();
  };

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
                onClick={() =>
                  unassign.mutate(a.user.id, { onSuccess: () => toast(`${a.user.name} unassigned.`) })
                }
                aria-label={`Unassign ${a.user.name}`}
              >
                Unassign
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>

        <ZodForm
          form={byCoordinator}
          className="mb-3"
          onSubmit={(v) => assign.mutate({ user: v.coordinator[0].id }, { onSuccess: assigned })}
        >
          <ContactField
            id="assign-coordinator"
            name="coordinator"
            label="Assign a coordinator"
            kind="user"
            placeholder="Type a coordinator's name or email..."
          />
          <SubmitButton size="sm" className="mt-2" pending={assign.isPending} disabled={!picked}>
            Assign
          </SubmitButton>
        </ZodForm>
        <ZodForm form={byRole} onSubmit={(v) => assign.mutate({ role: v.role }, { onSuccess: assigned })}>
          <TextField
            id="assign-role"
            name="role"
            label="Auto-assign by role"
            placeholder="Role name"
            help="The next coordinator of this auto-assignment role takes the case."
            className=""
          />
          <SubmitButton size="sm" className="mt-2" pending={assign.isPending} disabled={!named}>
            Auto-assign
          </SubmitButton>
        </ZodForm>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          Done
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
