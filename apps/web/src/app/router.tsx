import { createBrowserRouter } from 'react-router';
import { LoginPage, type LoginLocationState } from '../features/auth';
import { AppNotAvailablePage, NotFoundPage, ServerErrorPage } from '../features/errors';
import { HomePage } from '../features/home';
import { ProfilePage } from '../features/profile';
import { RequestsPage } from '../features/requests';
import { StandInsPage } from '../features/stand-ins';
import { queryClient } from '../lib/query-client';
import { setSessionEndedListener } from '../lib/session';
import { AppLayout } from './app-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                // One element for both paths, so switching conversations keeps the sidebar
                // (its scroll position and loaded pages) mounted.
                element: <HomePage />,
                children: [
                  { path: '/', element: null },
                  { path: '/conversations/:conversationId', element: null },
                ],
              },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/requests', element: <RequestsPage /> },
              { path: '/stand-ins', element: <StandInsPage /> },
              // Few people administer: the area's code loads only when it is opened.
              { path: '/admin/*', lazy: async () => ({ Component: (await import('../features/admin')).AdminArea }) },
            ],
          },
        ],
      },
      { path: '/downloads/*', element: <AppNotAvailablePage /> },
      { path: '/not-found', element: <NotFoundPage /> },
      { path: '/error', element: <ServerErrorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

// Logout and a refused token leave the same way. The cache is dropped only after the
// signed-in pages have unmounted, so none of their queries refetch with the dead token.
setSessionEndedListener((reason) => {
  const state: LoginLocationState = { isSessionEnded: reason === 'revoked' };
  void router.navigate('/login', { replace: true, state }).then(() => queryClient.clear());
});
