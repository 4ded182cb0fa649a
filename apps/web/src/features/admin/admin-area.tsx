import { useRoutes } from 'react-router';
import { AdminLayout } from './admin-layout';
import { adminPages } from './admin-pages';

/** Everything under /admin, loaded only when an administrator opens it. */
export function AdminArea() {
  return useRoutes([{ element: <AdminLayout />, children: adminPages }]);
}
