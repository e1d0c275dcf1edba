import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { PASSWORD_MIN_LENGTH, registerSchema } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { register } from './api.ts';

type Field = 'email' | 'name' | 'password';

export function RegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', name: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle('Create an account');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    // The same rules as the server, checked here first so mistakes show at once.
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await register(values);
      await navigate('/cvdp/awaiting-approval');
    } catch (err) {
      const fields = Object.entries(fieldErrors(err));
      setErrors(Object.fromEntries(fields.map(([k, v]) => [k, v[0]])));
      // Messages under the fields say it all; the alert is for failures that belong to no field.
      setError(fields.length > 0 ? null : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  // One message under a field: its error when there is one (it says what the help would), else the help.
  const field = (name: Field, label: string, type: string, autoComplete: string, help?: string) => {
    const error = errors[name];
    const noteId = `register-${name}-note`;
    return (
      <Form.Group className="mb-3" controlId={`register-${name}`}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          isInvalid={!!error}
          aria-describedby={error || help ? noteId : undefined}
          onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        />
        {error ? (
          <Form.Control.Feedback type="invalid" id={noteId}>
            {error}
          </Form.Control.Feedback>
        ) : (
          help && <Form.Text id={noteId}>{help}</Form.Text>
        )}
      </Form.Group>
    );
  };

  return (
    <Card className="mx-auto mt-4" style={{ maxWidth: 480 }}>
      <Card.Body>
        <h1 className="h4 mb-3">Create an account</h1>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <Form onSubmit={submit} noValidate>
          {field('name', 'Name', 'text', 'name')}
          {field('email', 'Email', 'email', 'email')}
          {field(
            'password',
            'Password',
            'password',
            'new-password',
            `At least ${PASSWORD_MIN_LENGTH} characters.`,
          )}
          <Button type="submit" disabled={busy} className="w-100">
            {busy ? 'Registering…' : 'Register'}
          </Button>
        </Form>
        <p className="mt-3 mb-0 text-center">
          Already registered? <Link to="/cvdp/login">Sign in</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
