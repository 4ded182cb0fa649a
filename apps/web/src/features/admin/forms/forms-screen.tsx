import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { QueryDataTable, type DataColumn } from '../../../lib/data-table';
import { useAdminFormsQuery } from '../api/queries';
import { AdminScreen } from '../ui/admin-screen';

type AdminForm = NonNullable<ReturnType<typeof useAdminFormsQuery>['data']>[number];

const PURPOSES = {
  access: {
    title: 'Forms and Access',
    description: 'Which departments and which people may file each form, see its list of requests, and open them.',
    action: 'Edit Access',
    path: (form: AdminForm) => `/admin/forms/${form.id}/access`,
  },
  chain: {
    title: 'Approval Chains',
    description:
      'Who approves each form at levels 1 and 2, and how many of them must agree; forms with amounts may send larger totals to more approvers.',
    action: 'Edit Chain',
    path: (form: AdminForm) => `/admin/chains/${form.id}`,
  },
} as const;

/** /admin/forms and /admin/chains: every form, each leading to its access or its approval chain. */
export function FormsScreen({ purpose }: { purpose: keyof typeof PURPOSES }) {
  const forms = useAdminFormsQuery();
  const words = PURPOSES[purpose];
  const columns: DataColumn<AdminForm>[] = [
    { key: 'name', label: 'Form', isPrimary: true, render: (form) => form.name },
    { key: 'type', label: 'Type', render: (form) => form.type.toUpperCase() },
    {
      key: 'amounts',
      label: 'Amounts',
      render: (form) => (form.has_amounts ? <Chip size="small" variant="outlined" label="Bands by total" /> : 'No amounts'),
    },
  ];
  return (
    <AdminScreen title={words.title} description={words.description}>
      <QueryDataTable
        query={forms}
        label="Forms"
        columns={columns}
        rows={forms.data ?? []}
        rowKey={(form) => form.id}
        rowTestId="form-row"
        emptyText="No forms."
        actions={(form) => (
          <Button size="small" variant="outlined" component={RouterLink} to={words.path(form)} aria-label={`${words.action}: ${form.name}`}>
            {words.action}
          </Button>
        )}
      />
    </AdminScreen>
  );
}
