import { Alert } from 'react-bootstrap';
import { errorMessage } from '../lib/api-client.ts';

/** Failures are shown, never swallowed. */
export function ErrorAlert({ error, prefix = '' }: { error: unknown; prefix?: string }) {
  if (!error) return null;
  return (
    <Alert variant="danger" role="alert">
      {prefix}
      {errorMessage(error)}
    </Alert>
  );
}
