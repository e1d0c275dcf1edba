// Account settings: how conversation (new posts) is emailed — at once, or gathered in an hourly or daily
// digest. Requests that need the person to act are always emailed at once.
import { Card, Form } from 'react-bootstrap';
import { CONVERSATION_EMAIL_LABELS, CONVERSATION_EMAIL_MODES, type ConversationEmailMode } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { toast } from '../../lib/toast.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api/index.ts';

export function ConversationEmailCard() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h5">
        Email about conversation
      </Card.Header>
      <Card.Body>
        <ErrorAlert error={prefs.error ?? save.error} prefix="An error occurred: " />
        <Form.Group controlId="conversation-email">
          <Form.Label>New posts in your cases are emailed</Form.Label>
          <Form.Select
            value={prefs.data?.conversation_email ?? 'immediate'}
            disabled={!prefs.data || save.isPending}
            onChange={(e) =>
              save.mutate(
                { conversation_email: e.target.value as ConversationEmailMode },
                {
                  onSuccess: (saved) =>
                    toast(`Saved: ${CONVERSATION_EMAIL_LABELS[saved.conversation_email].toLowerCase()}.`),
                },
              )
            }
          >
            {CONVERSATION_EMAIL_MODES.map((m) => (
              <option key={m} value={m}>
                {CONVERSATION_EMAIL_LABELS[m]}
              </option>
            ))}
          </Form.Select>
          <Form.Text>
            Requests that need you to act (approve, fill in your status…) are always emailed at once.
          </Form.Text>
        </Form.Group>
      </Card.Body>
    </Card>
  );
}
