import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

/** Unknown addresses, and things the user may not see (the server answers 404 for both). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="text-center my-5">
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">There is nothing at this address.</p>
      <Link to="/cvdp/">Go to the start page</Link>
    </div>
  );
}
