import type { FormAccessGrants } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { DataTable, type DataColumn } from '../../../lib/data-table';
import { PersonPicker } from '../../../lib/person-picker';
import { QueryProblem } from '../../../lib/query-problem';
import { ScreenNotice, useScreenNotice } from '../../../lib/screen-notice';
import { useSetFormAccessMutation } from '../api/mutations';
import { adminKeys, searchPeople, useCatalogQuery, useFormAccessQuery } from '../api/queries';
import { AdminScreen } from '../ui/admin-screen';
import { useFormParam } from './use-form-param';

type Pages = Pick<FormAccessGrants['users'][number], 'add_page' | 'view_page' | 'open_page'>;
type PageKey = keyof Pages;

const PAGES: { key: PageKey; label: string; hint: string }[] = [
  { key: 'add_page', label: 'File', hint: 'file new requests on the form' },
  { key: 'view_page', label: 'See list', hint: 'see the form’s list of requests' },
  { key: 'open_page', label: 'Open', hint: 'open the form’s requests' },
];

const ALL_PAGES: Pages = { add_page: true, view_page: true, open_page: true };

/** /admin/forms/:formId/access: who may file a form, see its list and open its requests. */
export function AccessScreen() {
  const { id, form, forms } = useFormParam();
  const access = useFormAccessQuery(id ?? 0);
  const save = useSetFormAccessMutation(id ?? 0);
  const notice = useScreenNotice();
  if (id === null || (forms.isSuccess && form === null)) return <Navigate to="/not-found" replace />;
  const title = `Access to ${form?.name ?? 'the form'}`;
  return (
    <AdminScreen
      title={title}
      description="A person may use a page of the form if their department or they themselves are given it here."
      actions={
        <Button component={RouterLink} to="/admin/forms" startIcon={<ArrowBackIcon />}>
          All Forms
        </Button>
      }
    >
      <ScreenNotice notice={notice.notice} onClose={notice.clear} />
      {access.isError ? <QueryProblem error={access.error} onRetry={() => void access.refetch()} /> : null}
      {access.data ? (
        // Saved grants come back as the new starting point: the editor starts afresh from them.
        <AccessEditor
          key={access.dataUpdatedAt}
          saved={access.data}
          isSaving={save.isPending}
          onSave={(grants) =>
            save.mutate(grants, { onSuccess: () => notice.showSuccess('The form’s access is saved.'), onError: notice.showError })
          }
        />
      ) : access.isPending ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : null}
    </AdminScreen>
  );
}

interface AccessEditorProps {
  saved: FormAccessGrants;
  isSaving: boolean;
  onSave: (grants: FormAccessGrants) => void;
}

function AccessEditor({ saved, isSaving, onSave }: AccessEditorProps) {
  const [grants, setGrants] = useState<FormAccessGrants>(saved);
  const [addingDepartment, setAddingDepartment] = useState('');
  const departments = useCatalogQuery('departments');
  const departmentsHeading = useId();
  const peopleHeading = useId();

  const isChanged = JSON.stringify(grants) !== JSON.stringify(saved);
  // The answer names each grant; one added here carries the name it was picked by.
  const departmentName = (grant: { department_id: number; name?: string | undefined }) => grant.name ?? `Department ${grant.department_id}`;
  const personName = (grant: { user_id: number; name?: string | undefined }) => grant.name ?? `Person ${grant.user_id}`;
  const listedDepartments = new Set(grants.departments.map((grant) => grant.department_id));
  const addableDepartments = (departments.data ?? []).filter((entry) => !entry.retired && !listedDepartments.has(entry.id));

  const setDepartmentPage = (departmentId: number, page: PageKey, value: boolean) =>
    setGrants((previous) => ({
      ...previous,
      departments: previous.departments.map((grant) => (grant.department_id === departmentId ? { ...grant, [page]: value } : grant)),
    }));
  const setUserPage = (userId: number, page: PageKey, value: boolean) =>
    setGrants((previous) => ({
      ...previous,
      users: previous.users.map((grant) => (grant.user_id === userId ? { ...grant, [page]: value } : grant)),
    }));

  const pageColumns = <Row extends Pages>(nameOf: (row: Row) => string, onChange: (row: Row, page: PageKey, value: boolean) => void): DataColumn<Row>[] =>
    PAGES.map((page) => ({
      key: page.key,
      label: page.label,
      render: (row: Row) => (
        <Checkbox
          checked={row[page.key]}
          onChange={(event) => onChange(row, page.key, event.target.checked)}
          slotProps={{ input: { 'aria-label': `${nameOf(row)} may ${page.hint}` } }}
          size="small"
          sx={{ p: 0.5 }}
        />
      ),
    }));

  const departmentColumns: DataColumn<FormAccessGrants['departments'][number]>[] = [
    { key: 'name', label: 'Department', isPrimary: true, render: (grant) => departmentName(grant) },
    ...pageColumns<FormAccessGrants['departments'][number]>(
      (grant) => departmentName(grant),
      (grant, page, value) => setDepartmentPage(grant.department_id, page, value),
    ),
  ];
  const userColumns: DataColumn<FormAccessGrants['users'][number]>[] = [
    { key: 'name', label: 'Person', isPrimary: true, render: (grant) => personName(grant) },
    ...pageColumns<FormAccessGrants['users'][number]>(
      (grant) => personName(grant),
      (grant, page, value) => setUserPage(grant.user_id, page, value),
    ),
  ];

  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        File: file new requests. See list: see the form’s list of requests. Open: open its requests.
      </Typography>

      <Box component="section" aria-labelledby={departmentsHeading}>
        <Typography id={departmentsHeading} component="h2" variant="h6" sx={{ mb: 1 }}>
          Departments
        </Typography>
        <DataTable
          label="Departments with access"
          columns={departmentColumns}
          rows={grants.departments}
          rowKey={(grant) => grant.department_id}
          rowTestId="access-department-row"
          emptyText="No department has access."
          actions={(grant) => (
            <IconButton
              aria-label={`Remove ${departmentName(grant)}`}
              onClick={() => setGrants((previous) => ({ ...previous, departments: previous.departments.filter((other) => other !== grant) }))}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1.5, maxWidth: 560 }}>
          <TextField select size="small" label="Add a department" value={addingDepartment} onChange={(event) => setAddingDepartment(event.target.value)}>
            {addableDepartments.map((entry) => (
              <MenuItem key={entry.id} value={String(entry.id)}>
                {entry.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={addingDepartment === ''}
            sx={{ flexShrink: 0 }}
            onClick={() => {
              setGrants((previous) => ({ ...previous, departments: [...previous.departments, { department_id: Number(addingDepartment), name: departments.data?.find((entry) => String(entry.id) === addingDepartment)?.name, ...ALL_PAGES }] }));
              setAddingDepartment('');
            }}
          >
            Add Department
          </Button>
        </Stack>
      </Box>

      <Box component="section" aria-labelledby={peopleHeading}>
        <Typography id={peopleHeading} component="h2" variant="h6" sx={{ mb: 1 }}>
          People
        </Typography>
        <DataTable
          label="People with access"
          columns={userColumns}
          rows={grants.users}
          rowKey={(grant) => grant.user_id}
          rowTestId="access-person-row"
          emptyText="No one is given access by name."
          actions={(grant) => (
            <IconButton
              aria-label={`Remove ${personName(grant)}`}
              onClick={() => setGrants((previous) => ({ ...previous, users: previous.users.filter((other) => other !== grant) }))}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          )}
        />
        <Box sx={{ mt: 1.5, maxWidth: 560 }}>
          <PersonPicker
            label="Add a person"
            size="small"
            value={null}
            onChange={(person) => {
              if (!person) return;
              setGrants((previous) =>
                previous.users.some((grant) => grant.user_id === person.id)
                  ? previous
                  : { ...previous, users: [...previous.users, { user_id: person.id, name: person.display_name, ...ALL_PAGES }] },
              );
            }}
            search={searchPeople}
            searchKey={adminKeys.peopleSearch()}
            excludeIds={grants.users.map((grant) => grant.user_id)}
          />
        </Box>
      </Box>

      <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', position: 'sticky', bottom: 8 }}>
        <Button variant="contained" onClick={() => onSave(grants)} loading={isSaving} disabled={!isChanged}>
          Save Access
        </Button>
        <Button color="inherit" onClick={() => setGrants(saved)} disabled={!isChanged}>
          Discard Changes
        </Button>
        {isChanged ? (
          <Alert severity="info" sx={{ py: 0 }}>
            Not saved yet.
          </Alert>
        ) : null}
      </Paper>
    </Stack>
  );
}
