// The sign-in page. Its form stays two plain controlled inputs rather than a ZodForm: react-hook-form and
// zod would add about 50 kB gzip to the first page every visitor loads (198 kB against the 150 kB goal,
// `npm run bench:web`); the server checks the body with loginSchema and its reason is shown as it says it.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_PENDING_MESSAGE, type LoginChallenge } from '@cvdp/core';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isLoginChallenge, useLogin } from './api/index.ts';
import { SecondStep } from './SecondStep.tsx';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useLogin();
  // The password was right and a second step is due (issue 27): no session until it is done.
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const { user } = useCurrentUser();
  // Why the page signed the user out by itself (inactivity, an ended session): said once, then forgotten.
  const [signedOut] = useState(peekSignedOutReason);
  useEffect(() => clearSignedOutReason(), []);
  usePageTitle('Sign in');
  const error = isPending(signIn.error) ? null : signIn.error;

  function submit(e: FormEvent) {
    e.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if (isLoginChallenge(answer)) setChallenge(answer);
          else void navigate(safeNext(params.get('next')), { replace: true });
        },
        onError: (err) => {
          if (isPending(err)) void navigate('/cvdp/awaiting-approval');
        },
      },
    );
  }

  // Already signed in (a bookmark, the back button): go where sign-in would have led.
  if (user && !signIn.isPending) return <Navigate to={safeNext(params.get('next'))} replace />;

  if (challenge) {
    return (
      <Card className="mx-auto mt-4" style={{ maxWidth: 420 }}>
        <Card.Body>
          <SecondStep
            challenge={challenge}
            onSignedIn={() => void navigate(safeNext(params.get('next')), { replace: true })}
          />
          <p className="mt-3 mb-0 text-center">
            <Button variant="link" onClick={() => setChallenge(null)}>
              Start again
            </Button>
          </p>
        </Card.Body>
      </Card>
    );
  }

  return (
    <Card className="mx-auto mt-4" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">Sign in</h1>
        {signedOut && !error && (
          <Alert variant="info" role="status">
            {SIGNED_OUT_MESSAGES[signedOut]}
          </Alert>
        )}
        <ErrorAlert error={error} />
        <Form onSubmit={submit} noValidate>
          <Form.Group className="mb-3" controlId="login-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="login-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </Form.Group>
          <Button type="submit" disabled={signIn.isPending} className="w-100">
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </Form>
        <p className="mt-3 mb-0 text-center">
          No account yet? <Link to="/cvdp/register">Register</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
