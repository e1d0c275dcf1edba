// Recovery codes, shown once (at the first enrolment or on replacement): the user is told to keep them now.
import { Alert } from 'react-bootstrap';

export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <Alert variant="warning" data-testid="recovery-codes">
      <p className="mb-2">
        <strong>Save these recovery codes now; they will not be shown again.</strong> Each one signs you in
        once if you lose your authenticator.
      </p>
      <ul className="list-unstyled font-monospace mb-0 row row-cols-2">
        {codes.map((c) => (
          <li key={c} className="col">
            {c}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
