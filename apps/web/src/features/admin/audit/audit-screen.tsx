import type { AuditEntry } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryDataTable, type DataColumn } from '../../../lib/data-table';
import { formatDateTime } from '../../../lib/dates';
import { PersonPicker, type PersonOption } from '../../../lib/person-picker';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { adminKeys, searchPeople, useAuditLogQuery, type AuditQuery } from '../api/queries';
import { AdminScreen } from '../ui/admin-screen';
import { auditChanges } from './audit-changes';

const PAGE_SIZES = [25, 50, 100];
const TYPING_DELAY_MS = 400;

function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <Box component="details" sx={{ mt: 0.5, '& summary': { cursor: 'pointer', color: 'primary.main', fontSize: '0.875rem' } }}>
      <summary>Before and after</summary>
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, fontSize: '0.8125rem' }}
      >
        {changes.map((change) => (
          <Box key={change.field} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 500 }}>
              {change.field}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {change.before}
              </Box>{' '}
              → {change.after}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const COLUMNS: DataColumn<AuditEntry>[] = [
  { key: 'when', label: 'When', isNoWrap: true, render: (entry) => formatDateTime(entry.createdAt) },
  { key: 'who', label: 'Who', render: (entry) => entry.actor?.display_name ?? 'The system' },
  {
    key: 'what',
    label: 'What',
    isPrimary: true,
    render: (entry) => (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {entry.summary}
        </Box>
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {entry.action} · {entry.target_type}
          {entry.target_id === null ? '' : ` #${entry.target_id}`}
        </Typography>
        <ChangeDetails entry={entry} />
      </>
    ),
  },
  { key: 'address', label: 'Address', render: (entry) => entry.address ?? '—', isHiddenOnPhone: true },
];

/** /admin/audit-log: every administrative change and delegation, newest first. Read only. */
export function AuditScreen() {
  const [action, setAction] = useState('');
  const [targetType, setTargetType] = useState('');
  const [targetId, setTargetId] = useState('');
  const [actor, setActor] = useState<PersonOption | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [limit, setLimit] = useState(50);
  // Typed filters ask once the typing pauses (as one string, so an unchanged one stays equal).
  const settled = useDebouncedValue(JSON.stringify([action.trim(), targetType.trim(), targetId.trim()]), TYPING_DELAY_MS);
  const [typedAction, typedTargetType, typedTargetId] = JSON.parse(settled) as [string, string, string];
  const typed = { action: typedAction, targetType: typedTargetType, targetId: typedTargetId };

  const filters: AuditQuery = {
    ...(typed.action ? { action: typed.action } : {}),
    ...(typed.targetType ? { target_type: typed.targetType } : {}),
    ...(/^\d+$/.test(typed.targetId) ? { target_id: Number(typed.targetId) } : {}),
    ...(actor ? { actor_id: actor.id } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    limit,
  };
  // A page number belongs to one set of filters: new filters start at their first page.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const log = useAuditLogQuery({ ...filters, page });
  const total = log.data?.total ?? 0;

  const clear = () => {
    setAction('');
    setTargetType('');
    setTargetId('');
    setActor(null);
    setFrom('');
    setTo('');
  };

  return (
    <AdminScreen title="Audit Log" description="Every administrative change and every delegation: who, what, before and after, when, and from which address.">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
          <PersonPicker label="Who" size="small" value={actor} onChange={setActor} search={searchPeople} searchKey={adminKeys.peopleSearch()} />
          <TextField size="small" label="Action" placeholder="user.create" value={action} onChange={(event) => setAction(event.target.value)} />
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <TextField size="small" label="Target" placeholder="user" value={targetType} onChange={(event) => setTargetType(event.target.value)} />
            <TextField
              size="small"
              label="Target id"
              value={targetId}
              onChange={(event) => setTargetId(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ maxWidth: 120 }}
            />
          </Box>
          <TextField size="small" type="date" label="From" value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label="To" value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Box>
            <Button onClick={clear} color="inherit">
              Clear Filters
            </Button>
          </Box>
        </Box>
      </Paper>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {log.isPending ? 'Loading the log…' : `${total.toLocaleString('en-PH')} ${total === 1 ? 'entry' : 'entries'}`}
      </Typography>
      <QueryDataTable
        query={log}
        label="Audit log"
        columns={COLUMNS}
        rows={log.data?.entries ?? []}
        rowKey={(entry) => entry.id}
        rowTestId="audit-row"
        emptyText="No entries."
      />
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        onPageChange={(_event, next) => setPaging({ filterKey, page: next + 1 })}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => setLimit(Number(event.target.value))}
        labelRowsPerPage="Per page"
      />
    </AdminScreen>
  );
}
