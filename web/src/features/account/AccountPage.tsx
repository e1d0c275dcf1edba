// The signed-in user's own settings: password, two-factor authentication and API tokens.
import { Suspense, useState } from 'react';
import { Alert, Button, Card, Col, Row, Table } from 'react-bootstrap';
import { changePasswordSchema, tokenCreateSchema } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { useChangePassword, useCreateToken, useMyTokens, useRevokeToken } from './api/index.ts';
import { ConversationEmailCard } from '../notifications/index.ts';
import { GroupsCard } from './GroupsCard.tsx';
import { SecondFactorsCard } from './SecondFactorsCard.tsx';

function PasswordCard() {
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { current_password: '', new_password: '' },
  });
  const change = useChangePassword();
  return (
    <Card className="mb-4">
      <Card.Header>Change password</Card.Header>
      <Card.Body>
        {change.isSuccess && (
          <Alert variant="success">Your password has been changed. Other sessions were signed out.</Alert>
        )}
        <ZodForm
          form={form}
          error={change.error}
          onSubmit={(body) => change.mutate(body, { onSuccess: () => form.reset() })}
        >
          <TextField
            id="current-password"
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            className="mb-2"
          />
          <TextField
            id="new-password"
            name="new_password"
            label="New password"
            type="password"
            autoComplete="new-password"
          />
          <SubmitButton pending={change.isPending}>Change password</SubmitButton>
        </ZodForm>
      </Card.Body>
    </Card>
  );
}

function TokensCard() {
  const tokens = useMyTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [newKey, setNewKey] = useState<string | null>(null);
  const form = useZodForm(tokenCreateSchema, { defaultValues: { name: '' } });
  const named = form.watch('name').trim() !== '';
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
        <ErrorAlert error={revoke.error ?? tokens.error} />
        <ZodForm
          form={form}
          error={create.error}
          className="mb-3"
          onSubmit={({ name }) =>
            create.mutate(name, {
              onSuccess: (data) => {
                setNewKey(data.key);
                form.reset();
              },
            })
          }
        >
          <Row className="g-2 align-items-start">
            <Col>
              <TextField
                id="token-name"
                name="name"
                label="Token name"
                placeholder="Token name"
                hideLabel
                className="mb-0"
              />
            </Col>
            <Col xs="auto">
              <SubmitButton pending={create.isPending} disabled={!named}>
                Create token
              </SubmitButton>
            </Col>
          </Row>
        </ZodForm>
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
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Revoke ${t.name}`}
                      onClick={() => revoke.mutate(t.id)}
                    >
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
      <SecondFactorsCard />
      <Suspense fallback={null}>
        <ConversationEmailCard />
      </Suspense>
      <TokensCard />
    </>
  );
}
