// The user's groups (vendor or team organisations) and a request to join another one.
import { useState } from 'react';
import { Alert, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useCurrentUser } from '../auth/index.ts';
import { fetchGroupDirectory, requestToJoinGroup } from './api.ts';

export function GroupsCard() {
  const { user } = useCurrentUser();
  const [groupId, setGroupId] = useState('');
  const [message, setMessage] = useState('');
  const groups = useQuery({ queryKey: queryKeys.account.groupDirectory(), queryFn: fetchGroupDirectory });
  const request = useMutation({
    mutationFn: () => requestToJoinGroup(Number(groupId), message),
    onSuccess: () => {
      setGroupId('');
      setMessage('');
    },
  });
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
        {request.error && <Alert variant="danger">{errorMessage(request.error)}</Alert>}
        {groups.error && <Alert variant="danger">{errorMessage(groups.error)}</Alert>}
        {joinable.length > 0 && (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              if (groupId) request.mutate();
            }}
          >
            <InputGroup>
              <Form.Select
                aria-label="Group to join"
                value={groupId}
                onChange={(e) => setGroupId(e.target.value)}
              >
                <option value="">Choose a group to join…</option>
                {joinable.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name} ({g.kind})
                  </option>
                ))}
              </Form.Select>
              <Form.Control
                aria-label="Message to the administrators"
                placeholder="Message (optional)"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
              <Button type="submit" disabled={!groupId || request.isPending}>
                Ask to join
              </Button>
            </InputGroup>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
