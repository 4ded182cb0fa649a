import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage, ServerErrorPage } from '../features/errors';

/** Anything a page throws while rendering lands on the 500 page (001 §2), not a blank tab. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!isNotFound) console.error('Unhandled error while rendering a page', error);
  }, [error, isNotFound]);

  return isNotFound ? <NotFoundPage /> : <ServerErrorPage />;
}
