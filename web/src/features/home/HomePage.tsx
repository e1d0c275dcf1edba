// The start page: what it shows depends on who signs in (the desk's home by role).
import { Suspense } from 'react';
import { useCurrentUser } from '../auth/index.ts';
import { HomeByRole } from '../desk/index.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';

export function HomePage() {
  const { user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <HomeByRole user={user} />
    </Suspense>
  );
}
