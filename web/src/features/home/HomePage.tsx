import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';
import { navigationFor } from '../../lib/navigation.ts';
import { usePageTitle } from '../../lib/page-title.ts';

export function HomePage() {
  const { user } = useCurrentUser();
  usePageTitle('Home');
  const links = navigationFor(user).filter((i) => i.to !== '/cvdp/');
  return (
    <>
      <h1 className="h3 mb-3">Welcome, {user?.name}</h1>
      <p className="text-muted">
        Coordinated vulnerability disclosure: report, coordinate, score and publish.
      </p>
      <Row xs={1} md={3} className="g-3">
        {links.map((l) => (
          <Col key={l.to}>
            <Card className="h-100">
              <Card.Body>
                <Link to={l.to} className="stretched-link">
                  {l.label}
                </Link>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
