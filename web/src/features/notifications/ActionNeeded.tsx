// Action needed on the desk: the requests that wait for the caller (approve a revision, fill in their vendor
// status, answer an embargo proposal…), each leading to where it is done. They leave the list when the
// action is done, not when read.
import { Card, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useActions } from './api/index.ts';

export function ActionNeeded() {
  const actions = useActions();
  const page = actions.data;
  return (
    <Card className="mb-4" border={page?.count ? 'warning' : undefined}>
      <Card.Header as="h2" className="h6 mb-0">
        Action needed{page ? ` (${page.count})` : ''}
      </Card.Header>
      <ErrorAlert error={actions.error} prefix="An error occurred: " />
      {page && page.count === 0 && (
        <Card.Body className="text-body-secondary">Nothing waits for you.</Card.Body>
      )}
      {page && page.count > 0 && (
        <ListGroup variant="flush" as="ul">
          {page.results.map((a) => (
            <ListGroup.Item as="li" key={a.id}>
              <Link to={a.link}>{a.title}</Link>
              <div className="small text-body-secondary">
                {a.case != null && `Case #${a.case} · `}
                {formatDateTime(a.created)}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
