import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_PENDING_MESSAGE } from '@cvdp/core';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { login } from './api.ts';
import { useCurrentUser, useSetCurrentUser } from './current-user.tsx';
import { SIGNED_OUT_MESSAGES, clearSignedOutReason, peekSignedOutReason } from './signed-out-reason.ts';

/** Only paths inside the app are followed after sign-in (no open redirects). */
function safeNext(next: string | null) {
  return next && next.startsWith('/cvdp/') && !next.startsWith('//') ? next : '/cvdp/';
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { user } = useCurrentUser();
  // Why the page signed the user out by itself (inactivity, an ended session): said once, then forgotten.
  const [signedOut] = useState(peekSignedOutReason);
  useEffect(() => clearSignedOutReason(), []);
  usePageTitle('Sign in');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await login(email, password);
      setCurrentUser(user);
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      const message = errorMessage(err);
      if (message.endsWith(ACCOUNT_PENDING_MESSAGE)) await navigate('/cvdp/awaiting-approval');
      else setError(message);
    } finally {
      setBusy(false);
    }
  }

  // Already signed in (a bookmark, the back button): go where sign-in would have led.
  if (user && !busy) return <Navigate to={safeNext(params.get('next'))} replace />;

  return (
    <Card className="mx-auto mt-4" style={{ maxWidth: 420 }}>
      <Card.Body>
        <h1 className="h4 mb-3">Sign in</h1>
        {signedOut && !error && (
          <Alert variant="info" role="status">
            {SIGNED_OUT_MESSAGES[signedOut]}
          </Alert>
        )}
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
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
          <Button type="submit" disabled={busy} className="w-100">
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </Form>
        <p className="mt-3 mb-0 text-center">
          No account yet? <Link to="/cvdp/register">Register</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
