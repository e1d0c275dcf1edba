// What a route shows when it fails instead of React Router's bare "Unexpected Application Error": a page
// chunk that no longer loads (CVDP was updated since the tab was opened: the old chunk names are gone), an
// error thrown while rendering, or a 404 answer a loader threw. Each offers a reload; the page keeps the
// layout around it when the failure is below it (routes.tsx).
import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export const UPDATED_TITLE = 'CVDP has been updated';
export const UPDATED_TEXT =
  'This page could not be loaded, most likely because a new version of CVDP was installed since you opened ' +
  'it. Reload the page to get the new version.';
export const FAILED_TITLE = 'Something went wrong';
export const FAILED_TEXT =
  'This page stopped because of an unexpected error. Reload to try again; if it happens again, tell us what ' +
  'you were doing.';

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite adds its own for CSS.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/** A lazy page's chunk (or its CSS) could not be fetched: a deploy replaced it, or the network dropped. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    // For whoever opens the console (and error reporting, should there be any): what actually failed.
    if (!notFound) console.error(error);
  }, [error, notFound]);
  if (notFound) return <NotFoundPage />;
  return (
    <ErrorMessage title={chunk ? UPDATED_TITLE : FAILED_TITLE} text={chunk ? UPDATED_TEXT : FAILED_TEXT} />
  );
}

function ErrorMessage({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <div className="container text-center my-5" role="alert">
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">{text}</p>
      <p className="d-flex gap-3 justify-content-center align-items-center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/cvdp/">Go to the start page</Link>
      </p>
    </div>
  );
}
