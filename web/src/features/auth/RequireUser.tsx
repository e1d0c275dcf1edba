// Screens behind sign-in: a spinner while we ask who this is, then the sign-in page or the screen.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { RoleName } from '@cvdp/core';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { userHasRole, useCurrentUser } from './current-user.tsx';

export function RequireUser({ children, roles }: { children: ReactNode; roles?: RoleName[] }) {
  const { user, loading, error } = useCurrentUser();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  // A failed re-check of someone already known keeps the screen (and what they typed) on screen: only a
  // first answer that failed has nothing to show but the error.
  if (error && !user) return <ErrorAlert error={error} />;
  if (!user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/cvdp/login?next=${next}`} replace />;
  }
  if (roles && !userHasRole(user, ...roles)) {
    return (
      <div className="alert alert-warning" role="alert">
        You do not have permission to view this page.
      </div>
    );
  }
  return <>{children}</>;
}
