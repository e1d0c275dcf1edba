import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { CurrentUserProvider, currentUserQuery } from '../features/auth/index.ts';
import { retryOnce } from '../lib/api-client.ts';
import { routes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: retryOnce, refetchOnWindowFocus: false } },
    });
    // Who is signed in is asked at once, not when the provider's query mounts after React's first commit:
    // every signed-in screen waits for the answer (RequireUser), and the thread view's bench saw the call
    // start about 100 ms after the app's code had run (bench/thread-view.bench.ts --waterfall).
    void client.prefetchQuery(currentUserQuery());
    return client;
  });
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentUserProvider>
        <RouterProvider router={router} />
      </CurrentUserProvider>
    </QueryClientProvider>
  );
}
