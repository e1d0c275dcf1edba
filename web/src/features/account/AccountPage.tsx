// The signed-in user's own settings: password and API tokens.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, InputGroup, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passwordSchema } from '@cvdp/core';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { changePassword, createToken, fetchMyTokens, revokeToken } from './api.ts';
import { GroupsCard } from './GroupsCard.tsx';

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = passwordSchema.safeParse(next);
    if (!check.success) return setMessage({ ok: false, text: check.error.issues[0].message });
    try {
      await changePassword(current, next);
      setMessage({ ok: true, text: 'Your password has been changed. Other sessions were signed out.' });
      setCurrent('');
      setNext('');
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    }
  }
  return (
    <Card className="mb-4">
      <Card.Header>Change password</Card.Header>
      <Card.Body>
        {message && <Alert variant={message.ok ? 'success' : 'danger'}>{message.text}</Alert>}
        <Form onSubmit={submit}>
          <Form.Group className="mb-2" controlId="current-password">
            <Form.Label>Current password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="new-password">
            <Form.Label>New password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          </Form.Group>
          <Button type="submit">Change password</Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function TokensCard() {
  const client = useQueryClient();
  const tokens = useQuery({ queryKey: queryKeys.account.tokens(), queryFn: fetchMyTokens });
  const [name, setName] = useState('');
  const [newKey, setNewKey] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (data) => {
      setNewKey(data.key);
      setName('');
      void client.invalidateQueries({ queryKey: queryKeys.account.tokens() });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeToken,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.account.tokens() }),
  });
  return (
    <Card>
      <Card.Header>API tokens</Card.Header>
      <Card.Body>
        <p className="text-muted small">
          Tokens let scripts and connected instances call the API as you (header{' '}
          <code>Authorization: Token …</code>).
        </p>
        {newKey && (
          <Alert variant="success">
            Copy this token now; it will not be shown again: <code data-testid="new-token">{newKey}</code>
          </Alert>
        )}
        <ErrorAlert error={create.error ?? revoke.error ?? tokens.error} />
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) create.mutate(name.trim());
          }}
          className="mb-3"
        >
          <InputGroup>
            <Form.Control
              aria-label="Token name"
              placeholder="Token name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              Create token
            </Button>
          </InputGroup>
        </Form>
        <Table size="sm" responsive>
          <thead>
            <tr>
              <th>Name</th>
              <th>Token</th>
              <th>Created</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.data?.length === 0 && <NoDataRow colSpan={5} />}
            {tokens.data?.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>
                  <code>{t.prefix}…</code>
                </td>
                <td>{t.created.slice(0, 10)}</td>
                <td>{t.last_used?.slice(0, 10) ?? '—'}</td>
                <td className="text-end">
                  {t.revoked ? (
                    <span className="text-muted">Revoked</span>
                  ) : (
                    <Button size="sm" variant="outline-danger" onClick={() => revoke.mutate(t.id)}>
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

export function AccountPage() {
  usePageTitle('Account');
  return (
    <>
      <h1 className="h3 mb-3">Account</h1>
      <GroupsCard />
      <PasswordCard />
      <TokensCard />
    </>
  );
}
