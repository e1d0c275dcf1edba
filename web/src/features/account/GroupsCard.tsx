// The user's groups (vendor or team organisations) and a request to join another one.
import { Alert, Card, Col, Row } from 'react-bootstrap';
import { groupRequestSchema } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SelectField, SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { useCurrentUser } from '../auth/index.ts';
import { useGroupDirectory, useRequestToJoinGroup } from './api/index.ts';

export function GroupsCard() {
  const { user } = useCurrentUser();
  const groups = useGroupDirectory();
  const request = useRequestToJoinGroup();
  const form = useZodForm(groupRequestSchema, { defaultValues: { group: '', message: '' } });
  const chosen = form.watch('group') !== '';
  const mine = new Set(user?.groups.map((g) => g.id));
  const joinable = groups.data?.results.filter((g) => !mine.has(g.id)) ?? [];

  return (
    <Card className="mb-4">
      <Card.Header>Groups</Card.Header>
      <Card.Body>
        <p className="mb-2">
          {user?.groups.length
            ? `You belong to: ${user.groups.map((g) => `${g.name} (${g.kind})`).join(', ')}.`
            : 'You do not belong to any group yet.'}
        </p>
        {request.isSuccess && <Alert variant="success">Your request was sent to the administrators.</Alert>}
        <ErrorAlert error={groups.error} />
        {joinable.length > 0 && (
          <ZodForm
            form={form}
            error={request.error}
            onSubmit={(body) => request.mutate(body, { onSuccess: () => form.reset() })}
          >
            <Row className="g-2 align-items-start">
              <Col xs={12} md>
                <SelectField
                  id="group-to-join"
                  name="group"
                  label="Group to join"
                  hideLabel
                  className="mb-0"
                  placeholder="Choose a group to join…"
                  options={joinable.map((g) => ({ value: String(g.id), label: `${g.name} (${g.kind})` }))}
                />
              </Col>
              <Col xs={12} md>
                <TextField
                  id="group-message"
                  name="message"
                  label="Message to the administrators"
                  placeholder="Message (optional)"
                  hideLabel
                  className="mb-0"
                />
              </Col>
              <Col xs="auto">
                <SubmitButton pending={request.isPending} disabled={!chosen}>
                  Ask to join
                </SubmitButton>
              </Col>
            </Row>
          </ZodForm>
        )}
      </Card.Body>
    </Card>
  );
}
