import { Navigate, type RouteObject } from 'react-router';
import { AuditScreen } from './audit/audit-screen';
import { CatalogScreen } from './catalogs/catalog-screen';
import { RequestsExportScreen } from './exports/requests-export-screen';
import { AccessScreen } from './forms/access-screen';
import { ChainScreen } from './forms/chain-screen';
import { FormsScreen } from './forms/forms-screen';
import { ImportScreen } from './people/import-screen';
import { PeopleScreen } from './people/people-screen';
import { RemindersScreen } from './reminders/reminders-screen';
import { AdminStandInsScreen } from './stand-ins-screen';

/** The admin area's screens, under /admin (admin-layout.tsx lets only administrators in). */
export const adminPages: RouteObject[] = [
  { index: true, element: <Navigate to="/admin/people" replace /> },
  { path: 'people', element: <PeopleScreen /> },
  { path: 'people/import', element: <ImportScreen /> },
  { path: 'catalogs/:catalog', element: <CatalogScreen /> },
  { path: 'forms', element: <FormsScreen purpose="access" /> },
  { path: 'forms/:formId/access', element: <AccessScreen /> },
  { path: 'chains', element: <FormsScreen purpose="chain" /> },
  { path: 'chains/:formId', element: <ChainScreen /> },
  { path: 'stand-ins', element: <AdminStandInsScreen /> },
  { path: 'reminders', element: <RemindersScreen /> },
  { path: 'requests-export', element: <RequestsExportScreen /> },
  { path: 'audit-log', element: <AuditScreen /> },
  { path: '*', element: <Navigate to="/not-found" replace /> },
];
