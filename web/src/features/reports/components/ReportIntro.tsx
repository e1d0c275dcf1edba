// The header block of the report form (SPEC §2): each mode has its own intro.
import { Alert } from 'react-bootstrap';

export function ReportIntro({ mode }: { mode: 'new' | 'edit' }) {
  if (mode === 'edit') {
    return (
      <header className="mb-4">
        <h1 className="h3">Edit report</h1>
        <Alert variant="warning" role="note">
          Editing keeps a copy of the original report for the case coordinators. Other participants see only
          the edited copy.
        </Alert>
      </header>
    );
  }
  return (
    <header className="mb-4">
      <h1 className="h3">Report a vulnerability</h1>
      <p>Please be direct and concise. Proof-of-concept code is appreciated.</p>
      <p className="text-body-secondary small mb-0">
        Your submission is subject to the terms of this platform, and your identity may be shared with the
        vendor and the other participants of the case.
      </p>
    </header>
  );
}
