// The sign-in's second step, after the password was accepted (POST /api/auth/login/ answered 202): a code
// from the authenticator app, a recovery code or a passkey — or, when the account must have a second
// factor and has none, enrolling an authenticator app first. Plain controlled inputs like the password form
// (the sign-in bundle stays small); the passkey library is loaded only when a passkey is used.
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { CurrentUser, LoginChallenge } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import {
  useConfirmEnrolAtSignIn,
  usePasskeySignIn,
  useSecondStep,
  useSetSignedInUser,
  useStartEnrolAtSignIn,
} from './api/index.ts';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';
import { TotpSetup } from './TotpSetup.tsx';

interface Props {
  challenge: LoginChallenge;
  onSignedIn: (user: CurrentUser) => void;
}

function CodeStep({ challenge, onSignedIn }: Props) {
  const [useRecovery, setUseRecovery] = useState(!challenge.methods.includes('totp'));
  const [value, setValue] = useState('');
  const step = useSecondStep();
  const passkey = usePasskeySignIn();

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = useRecovery
      ? { pending_sign_in: challenge.pending_sign_in, recovery_code: value }
      : { pending_sign_in: challenge.pending_sign_in, code: value };
    step.mutate(body, { onSuccess: onSignedIn, onError: () => setValue('') });
  }

  return (
    <>
      <h1 className="h4 mb-3">Two-factor authentication</h1>
      <ErrorAlert error={step.error ?? passkey.error} />
      {challenge.methods.includes('passkey') && (
        <Button
          variant="primary"
          className="w-100 mb-3"
          disabled={passkey.isPending}
          onClick={() => passkey.mutate(challenge.pending_sign_in, { onSuccess: onSignedIn })}
        >
          {passkey.isPending ? 'Waiting for the passkey…' : 'Use a passkey'}
        </Button>
      )}
      {(challenge.methods.includes('totp') || challenge.methods.includes('recovery_code')) && (
        <Form onSubmit={submit} noValidate>
          <Form.Group className="mb-3" controlId="second-step-code">
            <Form.Label>{useRecovery ? 'Recovery code' : 'Code from your authenticator app'}</Form.Label>
            <Form.Control
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoFocus
              required
            />
          </Form.Group>
          <Button type="submit" disabled={step.isPending} className="w-100">
            {step.isPending ? 'Checking…' : 'Verify'}
          </Button>
        </Form>
      )}
      {challenge.methods.includes('totp') && challenge.methods.includes('recovery_code') && (
        <Button
          variant="link"
          className="mt-2 px-0"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
        </Button>
      )}
    </>
  );
}

function EnrolStep({ challenge, onSignedIn }: Props) {
  const start = useStartEnrolAtSignIn();
  const confirm = useConfirmEnrolAtSignIn();
  const setUser = useSetSignedInUser();
  const [code, setCode] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    confirm.mutate({ pending_sign_in: challenge.pending_sign_in, code });
  }

  if (confirm.data) {
    const { user, recovery_codes } = confirm.data;
    return (
      <>
        <h1 className="h4 mb-3">Two-factor authentication is on</h1>
        <RecoveryCodesList codes={recovery_codes} />
        <Button
          className="w-100"
          onClick={() => {
            setUser(user);
            onSignedIn(user);
          }}
        >
          Continue
        </Button>
      </>
    );
  }
  return (
    <>
      <h1 className="h4 mb-3">Set up two-factor authentication</h1>
      <p>Your role requires a second factor. Add an authenticator app to your account to continue.</p>
      <ErrorAlert error={start.error ?? confirm.error} />
      {start.data ? (
        <Form onSubmit={submit} noValidate>
          <TotpSetup enrolment={start.data} />
          <Form.Group className="mb-3" controlId="enrol-code">
            <Form.Label>Code from your authenticator app</Form.Label>
            <Form.Control
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
            />
          </Form.Group>
          <Button type="submit" disabled={confirm.isPending} className="w-100">
            Confirm and sign in
          </Button>
        </Form>
      ) : (
        <Button
          className="w-100"
          disabled={start.isPending}
          onClick={() => start.mutate(challenge.pending_sign_in)}
        >
          Add an authenticator app
        </Button>
      )}
    </>
  );
}

export function SecondStep(props: Props) {
  return props.challenge.enrol_required ? <EnrolStep {...props} /> : <CodeStep {...props} />;
}
