import { createBrowserRouter } from 'react-router';
import { loadAdminArea } from '../features/admin';
import { loadLoginPage, type LoginLocationState } from '../features/auth';
import { loadErrorPages } from '../features/errors';
import { loadHomePage } from '../features/home';
import { loadProfilePage } from '../features/profile';
import { loadRequestsPage } from '../features/requests';
import { loadStandInsPage } from '../features/stand-ins';
import { queryClient } from '../lib/query-client';
import { setSessionEndedListener } from '../lib/session';
import { PageLoading } from './page-loading';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';

// Every screen's code, and the signed-in frame's (header, live socket), loads when its route
// is first opened: /login downloads neither chat nor the request portal, chat not the portal,
// and, drawn without MUI, no MUI either: the themed frame comes with the first other screen
// (docs/DESIGN.md, "Web delivery"). The page shown stays until the next one's code is in.
const loadAppLayout = () => import('./app-layout');
const loadThemeFrame = () => import('./theme-frame');

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    // Shown only while the first screen's code loads.
    HydrateFallback: PageLoading,
    children: [
      { path: '/login', lazy: async () => ({ Component: (await loadLoginPage()).LoginPage }) },
      {
        lazy: async () => ({ Component: (await loadThemeFrame()).ThemeFrameLayout }),
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: async () => ({ Component: (await loadAppLayout()).AppLayout }),
                children: [
                  {
                    // One element for both paths, so switching conversations keeps the sidebar
                    // (its scroll position and loaded pages) mounted.
                    lazy: async () => ({ Component: (await loadHomePage()).HomePage }),
                    children: [
                      { path: '/', element: null },
                      { path: '/conversations/:conversationId', element: null },
                    ],
                  },
                  { path: '/profile', lazy: async () => ({ Component: (await loadProfilePage()).ProfilePage }) },
                  { path: '/requests', lazy: async () => ({ Component: (await loadRequestsPage()).RequestsPage }) },
                  { path: '/stand-ins', lazy: async () => ({ Component: (await loadStandInsPage()).StandInsPage }) },
                  { path: '/admin/*', lazy: async () => ({ Component: (await loadAdminArea()).AdminArea }) },
                ],
              },
            ],
          },
          { path: '/downloads/*', lazy: async () => ({ Component: (await loadErrorPages()).AppNotAvailablePage }) },
          { path: '/not-found', lazy: async () => ({ Component: (await loadErrorPages()).NotFoundPage }) },
          { path: '/error', lazy: async () => ({ Component: (await loadErrorPages()).ServerErrorPage }) },
          { path: '*', lazy: async () => ({ Component: (await loadErrorPages()).NotFoundPage }) },
        ],
      },
    ],
  },
]);

// Logout and a refused token leave the same way. The cache is dropped only after the
// signed-in pages have unmounted, so none of their queries refetch with the dead token.
setSessionEndedListener((reason) => {
  const state: LoginLocationState = { isSessionEnded: reason === 'revoked' };
  void router.navigate('/login', { replace: true, state }).then(() => queryClient.clear());
});
