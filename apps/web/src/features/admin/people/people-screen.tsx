import { routes, type Person, type PEOPLE_SORTS } from '@ichat/shared';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { downloadFile } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../lib/confirm-dialog';
import { QueryDataTable, type DataColumn, type SortDirection } from '../../../lib/data-table';
import { formatDate } from '../../../lib/dates';
import { saveFile } from '../../../lib/save-file';
import { ScreenNotice, useScreenNotice } from '../../../lib/screen-notice';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUnlockUserMutation, useUpdateUserMutation } from '../api/mutations';
import { usePeopleQuery } from '../api/queries';
import { AdminScreen } from '../ui/admin-screen';
import { PersonDialog } from './person-dialog';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

type PeopleSort = (typeof PEOPLE_SORTS)[number];
type StatusFilter = 'all' | 'active' | 'inactive';

const SEARCH_DELAY_MS = 300;
const PAGE_SIZES = [25, 50, 100, 200];

/** An email address may break after its @ on a narrow column, never inside a word. */
const breakableEmail = (email: string) => {
  const at = email.indexOf('@');
  return at < 0 ? (
    email
  ) : (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
};

const COLUMNS: DataColumn<Person>[] = [
  {
    key: 'name',
    label: 'Name',
    sortKey: 'name',
    isPrimary: true,
    // Listed by last name, as the server sorts; the name shown in chat beneath when it differs.
    render: (person) => (
      <>
        <Box component="span" sx={{ fontWeight: 500 }}>
          {person.last_name}, {person.first_name}
        </Box>
        {person.display_name !== `${person.first_name} ${person.last_name}` ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            Shown as {person.display_name}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'email', label: 'Email', sortKey: 'email', render: (person) => breakableEmail(person.email_address) },
  { key: 'username', label: 'Username', sortKey: 'username', render: (person) => person.username },
  { key: 'department', label: 'Department', sortKey: 'department', render: (person) => person.department ?? '—' },
  {
    key: 'access',
    label: 'Access',
    render: (person) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {person.admin_access ? <Chip size="small" label="Admin" color="primary" variant="outlined" /> : null}
        {person.approval_page ? <Chip size="small" label="Approver" variant="outlined" /> : null}
        {person.must_change_password ? <Chip size="small" label="Temporary password" variant="outlined" color="warning" /> : null}
        {!person.is_active ? <Chip size="small" label="Inactive" /> : null}
        {!person.admin_access && !person.approval_page && !person.must_change_password && person.is_active ? '—' : null}
      </Stack>
    ),
  },
  {
    key: 'last-online',
    label: 'Last online',
    sortKey: 'last_online',
    isHiddenOnPhone: true,
    isNoWrap: true,
    render: (person) => (person.last_online ? formatDate(person.last_online) : 'Never'),
  },
  { key: 'created', label: 'Added', sortKey: 'created', isHiddenOnPhone: true, isNoWrap: true, render: (person) => formatDate(person.createdAt) },
];

/** /admin/people: every staff account, one server page at a time. */
export function PeopleScreen() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<{ key: PeopleSort; direction: SortDirection }>({ key: 'name', direction: 'asc' });
  const [limit, setLimit] = useState(50);
  // A page number belongs to one search, filter and order: a new one starts at its first page.
  const filterKey = `${query}|${status}|${sort.key}|${sort.direction}|${limit}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const people = usePeopleQuery({ ...(query ? { query } : {}), status, sort: sort.key, direction: sort.direction, page, limit });
  const notice = useScreenNotice();
  const [editing, setEditing] = useState<Person | 'new' | null>(null);
  const [resetting, setResetting] = useState<Person | null>(null);
  const [togglingActive, setTogglingActive] = useState<Person | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; person: Person } | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const updateUser = useUpdateUserMutation();
  const unlock = useUnlockUserMutation();

  const total = people.data?.total ?? 0;
  const rows = people.data?.people ?? [];

  const handleExport = async () => {
    setIsExporting(true);
    try {
      const file = await downloadFile(routes.admin.exportUsers, {}, 'users.csv');
      saveFile(file.blob, file.fileName);
    } catch (error) {
      notice.showError(error);
    } finally {
      setIsExporting(false);
    }
  };

  const handleToggleActive = () => {
    if (!togglingActive) return;
    updateUser.mutate(
      { id: togglingActive.id, body: { is_active: !togglingActive.is_active } },
      {
        onSuccess: ({ message }) => notice.showSuccess(message),
        onError: notice.showError,
        onSettled: () => setTogglingActive(null),
      },
    );
  };

  const runMenu = (action: (person: Person) => void) => {
    if (!menu) return;
    const { person } = menu;
    setMenu(null);
    action(person);
  };

  return (
    <AdminScreen
      title="People"
      description="Staff accounts: add people, change their details and access, reset a password, or deactivate someone who left."
      actions={
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add Person
          </Button>
          <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} component={RouterLink} to="/admin/people/import">
            Import CSV
          </Button>
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => void handleExport()} loading={isExporting}>
            Export CSV
          </Button>
        </>
      }
    >
      <ScreenNotice notice={notice.notice} onClose={notice.clear} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          type="search"
          label="Search people"
          placeholder="Name, email or username"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          sx={{ maxWidth: { sm: 420 } }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as StatusFilter)}
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          <MenuItem value="all">Everyone</MenuItem>
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="inactive">Inactive</MenuItem>
        </TextField>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {people.isPending ? 'Loading people…' : `${total.toLocaleString('en-PH')} ${total === 1 ? 'person' : 'people'}${query ? ` matching “${query}”` : ''}`}
      </Typography>
      <QueryDataTable
        query={people}
        label="People"
        columns={COLUMNS}
        rows={rows}
        rowKey={(person) => person.id}
        rowTestId="person-row"
        isMuted={(person) => !person.is_active}
        emptyText="No one matches."
        sort={{ key: sort.key, direction: sort.direction, onChange: (key, direction) => setSort({ key: key as PeopleSort, direction }) }}
        actions={(person) => (
          <IconButton
            aria-label={`Actions for ${person.display_name}`}
            aria-haspopup="menu"
            onClick={(event) => setMenu({ anchor: event.currentTarget, person })}
          >
            <MoreVertIcon />
          </IconButton>
        )}
      />
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        onPageChange={(_event, next) => setPage(next + 1)}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => setLimit(Number(event.target.value))}
        labelRowsPerPage="Per page"
      />
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => runMenu((person) => setEditing(person))}>Edit</MenuItem>
        <MenuItem onClick={() => runMenu((person) => setResetting(person))}>Set Temporary Password</MenuItem>
        <MenuItem
          onClick={() =>
            runMenu((person) =>
              unlock.mutate(person.id, { onSuccess: ({ message }) => notice.showSuccess(message), onError: notice.showError }),
            )
          }
        >
          Unlock Sign-in
        </MenuItem>
        <MenuItem onClick={() => runMenu((person) => setTogglingActive(person))}>{menu?.person.is_active === false ? 'Reactivate' : 'Deactivate'}</MenuItem>
      </Menu>
      <PersonDialog
        isOpen={editing !== null}
        person={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          notice.showSuccess(message);
        }}
      />
      <TemporaryPasswordDialog person={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        isOpen={togglingActive !== null}
        title={togglingActive?.is_active ? `Deactivate ${togglingActive.display_name}?` : `Reactivate ${togglingActive?.display_name ?? ''}?`}
        confirmLabel={togglingActive?.is_active ? 'Deactivate' : 'Reactivate'}
        confirmColor={togglingActive?.is_active ? 'error' : 'primary'}
        isPending={updateUser.isPending}
        onClose={() => setTogglingActive(null)}
        onConfirm={handleToggleActive}
      >
        {togglingActive?.is_active
          ? 'They are signed out everywhere at once and can no longer sign in. Their messages, requests and votes stay as others see them.'
          : 'They can sign in again with their password.'}
      </ConfirmDialog>
    </AdminScreen>
  );
}
