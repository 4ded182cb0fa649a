import { Navigate, Outlet } from 'react-router';
import { hasSession } from '../lib/session';

/** Chat and profile need a signed-in user (000 §2); the server still checks every call. */
export function RequireAuth() {
  if (!hasSession()) return <Navigate to="/login" replace />;
  return <Outlet />;
}
