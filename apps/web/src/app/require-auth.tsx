import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { loadMustChangePasswordPage } from '../features/auth';
import { useMeQuery } from '../features/profile';
import { hasSession } from '../lib/session';
import { PageLoading } from './page-loading';

const MustChangePasswordPage = lazy(async () => ({ default: (await loadMustChangePasswordPage()).MustChangePasswordPage }));

/** Chat and profile need a signed-in user (000 §2); the server still checks every call. */
export function RequireAuth() {
  if (!hasSession()) return <Navigate to="/login" replace />;
  return <SignedIn />;
}

/**
 * The app opens once the profile says the password is the person's own: while an
 * administrator's password must be changed, the server refuses every other call, so the
 * change screen takes the app's place. The login answer fills the profile, so only a
 * reload waits for it; if it cannot be read, the app opens and reports its own errors.
 */
function SignedIn() {
  const me = useMeQuery();
  if (me.isPending) return <PageLoading />;
  if (me.data?.must_change_password) {
    return (
      <Suspense fallback={<PageLoading />}>
        <MustChangePasswordPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
