import { Link } from 'react-router';
import { Card } from 'react-bootstrap';
import { usePageTitle } from '../../lib/page-title.ts';

export function AwaitingApprovalPage() {
  usePageTitle('Awaiting approval');
  return (
    <Card className="mx-auto mt-4" style={{ maxWidth: 520 }}>
      <Card.Body>
        <h1 className="h4">Awaiting approval</h1>
        <p>
          Your account has been created and is awaiting approval by an administrator. You can sign in as soon
          as it has been approved.
        </p>
        <Link to="/cvdp/login">Back to sign in</Link>
      </Card.Body>
    </Card>
  );
}
