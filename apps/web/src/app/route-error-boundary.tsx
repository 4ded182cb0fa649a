import { lazy, Suspense, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { loadErrorPages } from '../features/errors';
import { PageLoading } from './page-loading';

// The error happens above the themed screens' frame (app/theme-frame.tsx): the page brings its own.
const ThemedErrorPage = lazy(async () => {
  const [{ ThemeFrame }, { NotFoundPage, ServerErrorPage }] = await Promise.all([import('./theme-frame'), loadErrorPages()]);
  return {
    default: ({ isNotFound }: { isNotFound: boolean }) => <ThemeFrame>{isNotFound ? <NotFoundPage /> : <ServerErrorPage />}</ThemeFrame>,
  };
});

/** Anything a page throws while rendering lands on the 500 page (001 §2), not a blank tab. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!isNotFound) console.error('Unhandled error while rendering a page', error);
  }, [error, isNotFound]);

  return (
    <Suspense fallback={<PageLoading />}>
      <ThemedErrorPage isNotFound={isNotFound} />
    </Suspense>
  );
}
