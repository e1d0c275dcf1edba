// Two-factor authentication on the account page: the enrolled factors (with their last use), adding an
// authenticator app (QR code, first code, recovery codes shown once), new recovery codes and removal —
// both of which ask for the password, as the server does.
import { useState } from 'react';
import { Alert, Button, Card, Table } from 'react-bootstrap';
import {
  factorProofSchema,
  totpConfirmSchema,
  type RecoveryCodes,
  type SecondFactor,
  type TotpEnrolment,
} from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { RecoveryCodesList, TotpSetup } from '../auth/index.ts';
import {
  useConfirmTotp,
  useRegisterPasskey,
  useRemoveSecondFactor,
  useReplaceRecoveryCodes,
  useSecondFactors,
  useStartTotp,
} from './api/index.ts';

const KIND_LABELS: Record<SecondFactor['kind'], string> = { totp: 'Authenticator app', passkey: 'Passkey' };

function ConfirmTotpForm({
  enrolment,
  onDone,
}: {
  enrolment: TotpEnrolment;
  onDone: (r: RecoveryCodes) => void;
}) {
  const form = useZodForm(totpConfirmSchema, { defaultValues: { code: '', name: 'Authenticator app' } });
  const confirm = useConfirmTotp();
  return (
    <ZodForm
      form={form}
      error={confirm.error}
      label="Add an authenticator app"
      className="mb-3"
      onSubmit={(body) => confirm.mutate({ id: enrolment.id, ...body }, { onSuccess: onDone })}
    >
      <TotpSetup enrolment={enrolment} />
      <TextField id="totp-name" name="name" label="Name" className="mb-2" />
      <TextField
        id="totp-code"
        name="code"
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
      />
      <SubmitButton pending={confirm.isPending}>Confirm</SubmitButton>
    </ZodForm>
  );
}

/** Asks for the password before a removal or new recovery codes. */
function PasswordProofForm(props: {
  label: string;
  submit: string;
  error: unknown;
  pending: boolean;
  onSubmit: (password: string) => void;
}) {
  const form = useZodForm(factorProofSchema, { defaultValues: { password: '' } });
  return (
    <ZodForm
      form={form}
      error={props.error}
      label={props.label}
      className="mb-3"
      onSubmit={(body) => props.onSubmit(body.password ?? '')}
    >
      <TextField
        id="factor-proof-password"
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton pending={props.pending}>{props.submit}</SubmitButton>
    </ZodForm>
  );
}

export function SecondFactorsCard() {
  const status = useSecondFactors();
  const start = useStartTotp();
  const remove = useRemoveSecondFactor();
  const replace = useReplaceRecoveryCodes();
  const passkey = useRegisterPasskey();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<SecondFactor | null>(null);
  const [replacing, setReplacing] = useState(false);
  const data = status.data;

  return (
    <Card className="mb-4">
      <Card.Header>Two-factor authentication</Card.Header>
      <Card.Body>
        <ErrorAlert error={status.error ?? start.error ?? passkey.error} />
        {data?.required && data.factors.length === 0 && (
          <Alert variant="warning">
            Your role requires a second factor
            {data.required_by ? ` from ${new Date(data.required_by).toLocaleDateString()}` : ''}: after that,
            signing in asks you to add one first.
          </Alert>
        )}
        {codes && <RecoveryCodesList codes={codes} />}
        {enrolment ? (
          <ConfirmTotpForm
            enrolment={enrolment}
            onDone={(r) => {
              setEnrolment(null);
              setCodes(r.recovery_codes);
            }}
          />
        ) : (
          <div className="d-flex flex-wrap gap-2 mb-3">
            <Button
              disabled={start.isPending}
              onClick={() => {
                setCodes(null);
                start.mutate(undefined, { onSuccess: setEnrolment });
              }}
            >
              Add an authenticator app
            </Button>
            <Button
              variant="outline-primary"
              disabled={passkey.isPending}
              onClick={() => {
                setCodes(null);
                passkey.mutate('Passkey', { onSuccess: (r) => setCodes(r.recovery_codes) });
              }}
            >
              {passkey.isPending ? 'Waiting for the passkey…' : 'Add a passkey'}
            </Button>
          </div>
        )}
        <Table size="sm" responsive>
          <thead>
            <tr>
              <th>Name</th>
              <th>Kind</th>
              <th>Added</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.factors.length === 0 && <NoDataRow colSpan={5} />}
            {data?.factors.map((f) => (
              <tr key={f.id}>
                <td>{f.name}</td>
                <td>{KIND_LABELS[f.kind]}</td>
                <td>{f.created.slice(0, 10)}</td>
                <td>{f.last_used?.slice(0, 10) ?? '—'}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${f.name}`}
                    onClick={() => setRemoving(f)}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {removing && (
          <PasswordProofForm
            label={`Remove ${removing.name}`}
            submit={`Remove ${removing.name}`}
            error={remove.error}
            pending={remove.isPending}
            onSubmit={(password) =>
              remove.mutate({ id: removing.id, password }, { onSuccess: () => setRemoving(null) })
            }
          />
        )}
        {data && data.factors.length > 0 && (
          <p className="mb-2">
            Recovery codes left: <strong>{data.recovery_codes_left}</strong>{' '}
            {!replacing && (
              <Button size="sm" variant="outline-secondary" onClick={() => setReplacing(true)}>
                Make new recovery codes
              </Button>
            )}
          </p>
        )}
        {replacing && (
          <PasswordProofForm
            label="Make new recovery codes"
            submit="Make new recovery codes"
            error={replace.error}
            pending={replace.isPending}
            onSubmit={(password) =>
              replace.mutate(
                { password },
                {
                  onSuccess: (r) => {
                    setReplacing(false);
                    setCodes(r.recovery_codes);
                  },
                },
              )
            }
          />
        )}
      </Card.Body>
    </Card>
  );
}
