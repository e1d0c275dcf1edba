import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="text-center my-5">
      <h1 className="h3">Page not found</h1>
      <p className="text-muted">There is nothing at this address.</p>
      <Link to="/cvdp/">Go to the start page</Link>
    </div>
  );
}
