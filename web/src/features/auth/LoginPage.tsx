import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_PENDING_MESSAGE, loginSchema } from '@cvdp/core';
import { Alert, Card } from 'react-bootstrap';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useLogin } from './api/index.ts';
import { useCurrentUser } from './current-user.tsx';
import { SIGNED_OUT_MESSAGES, clearSignedOutReason, peekSignedOutReason } from './signed-out-reason.ts';

/** Only paths inside the app are followed after sign-in (no open redirects). */
function safeNext(next: string | null) {
  return next && next.startsWith('/cvdp/') && !next.startsWith('//') ? next : '/cvdp/';
}

/** An account still waiting for approval is refused with this message: it leads to its own page instead. */
const isPending = (error: unknown) => Boolean(error) && errorMessage(error).endsWith(ACCOUNT_PENDING_MESSAGE);

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const signIn = useLogin();
  const { user } = useCurrentUser();
  // Why the page signed the user out by itself (inactivity, an ended session): said once, then forgotten.
  const [signedOut] = useState(peekSignedOutReason);
  useEffect(() => clearSignedOutReason(), []);
  usePageTitle('Sign in');
  const error = isPending(signIn.error) ? null : signIn.error;

  // Already signed in (a bookmark, the back button): go where sign-in would have led.
  if (user && !signIn.isPending) return <Navigate to={safeNext(params.get('next'))} replace />;

  return (
    <Card className="mx-auto mt-4" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">Sign in</h1>
        {signedOut && !error && (
          <Alert variant="info" role="status">
            {SIGNED_OUT_MESSAGES[signedOut]}
          </Alert>
        )}
        {/* The server's reason shows above the form, as the only message of a refused sign-in. */}
        <ErrorAlert error={error} />
        <ZodForm
          form={form}
          onSubmit={(body) =>
            signIn.mutate(body, {
              onSuccess: () => void navigate(safeNext(params.get('next')), { replace: true }),
              onError: (err) => {
                if (isPending(err)) void navigate('/cvdp/awaiting-approval');
              },
            })
          }
        >
          <TextField id="login-email" name="email" label="Email" type="email" autoComplete="username" />
          <TextField
            id="login-password"
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
          />
          <SubmitButton pending={signIn.isPending} className="w-100">
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </SubmitButton>
        </ZodForm>
        <p className="mt-3 mb-0 text-center">
          No account yet? <Link to="/cvdp/register">Register</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
