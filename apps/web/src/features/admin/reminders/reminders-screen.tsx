import { FORM_TYPE_NAMES, formatPesos, settingsSchema } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type SubmitEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { QueryDataTable, type DataColumn } from '../../../lib/data-table';
import { formatDate } from '../../../lib/dates';
import { QueryProblem } from '../../../lib/query-problem';
import { ScreenNotice, useScreenNotice } from '../../../lib/screen-notice';
import { useUpdateSettingsMutation } from '../api/mutations';
import { useOverdueQuery, useSettingsQuery } from '../api/queries';
import { AdminScreen } from '../ui/admin-screen';
import { firstProblem } from '../ui/field-problems';

type OverdueRequest = NonNullable<ReturnType<typeof useOverdueQuery>['data']>[number];

const RETURN_URL = '/admin/reminders';

/** The request's detail in the requests area, coming back here afterwards. */
const detailPath = (request: OverdueRequest) =>
  `/requests?${new URLSearchParams({ p: 'view-request-detail', t: request.request_type, r: String(request.id), r_url: RETURN_URL }).toString()}`;

const COLUMNS: DataColumn<OverdueRequest>[] = [
  {
    key: 'reference',
    label: 'Request',
    isPrimary: true,
    isNoWrap: true,
    render: (request) => (
      <Link component={RouterLink} to={detailPath(request)}>
        {request.reference_id}
      </Link>
    ),
  },
  { key: 'form', label: 'Form', render: (request) => FORM_TYPE_NAMES[request.request_type] },
  { key: 'requester', label: 'Requester', render: (request) => `${request.requester_user_detail.first_name} ${request.requester_user_detail.last_name}` },
  { key: 'filed', label: 'Filed', render: (request) => formatDate(request.createdAt), isHiddenOnPhone: true, isNoWrap: true },
  { key: 'total', label: 'Total', align: 'right', isNoWrap: true, render: (request) => (request.total_cost === null ? '—' : formatPesos(request.total_cost)), isHiddenOnPhone: true },
  { key: 'waiting-on', label: 'Waiting on', render: (request) => request.waiting_on.map((person) => person.display_name).join(', ') || '—' },
  { key: 'days', label: 'Waiting', isNoWrap: true, render: (request) => `${request.waiting_days} ${request.waiting_days === 1 ? 'day' : 'days'}` },
];

/** /admin/reminders: how soon approvers are reminded, and the requests waiting longer than that. */
export function RemindersScreen() {
  const settings = useSettingsQuery();
  const overdue = useOverdueQuery();
  const update = useUpdateSettingsMutation();
  const notice = useScreenNotice();
  const overdueHeading = useId();
  return (
    <AdminScreen
      title="Reminders and Overdue Requests"
      description="An approver whose pending request waits longer than the reminder delay finds a reminder on the bell once a day."
    >
      <Stack spacing={3}>
        {settings.isError ? <QueryProblem error={settings.error} onRetry={() => void settings.refetch()} /> : null}
        <ScreenNotice notice={notice.notice} onClose={notice.clear} />
        {settings.data ? (
          // The saved setting comes back as the new starting point.
          <ReminderDelayForm
            key={settings.dataUpdatedAt}
            reminderDays={settings.data.reminder_days}
            isSaving={update.isPending}
            onSave={(days, onRefused) =>
              update.mutate(days, {
                onSuccess: () => notice.showSuccess(`Reminders now come after ${days} ${days === 1 ? 'day' : 'days'}.`),
                onError: (error) => onRefused(error.message),
              })
            }
          />
        ) : null}
        <Box component="section" aria-labelledby={overdueHeading}>
          <Typography id={overdueHeading} component="h2" variant="h6" sx={{ mb: 1 }}>
            Overdue requests
          </Typography>
          <QueryDataTable
            query={overdue}
            label="Overdue requests"
            columns={COLUMNS}
            rows={overdue.data ?? []}
            rowKey={(request) => request.id}
            rowTestId="overdue-row"
            emptyText="Nothing is overdue."
          />
        </Box>
      </Stack>
    </AdminScreen>
  );
}

interface ReminderDelayFormProps {
  reminderDays: number;
  isSaving: boolean;
  onSave: (days: number, onRefused: (message: string) => void) => void;
}

function ReminderDelayForm({ reminderDays, isSaving, onSave }: ReminderDelayFormProps) {
  const [days, setDays] = useState(String(reminderDays));
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = settingsSchema.safeParse({ reminder_days: days.trim() === '' ? Number.NaN : Number(days) });
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    setProblem(null);
    onSave(parsed.data.reminder_days, setProblem);
  };

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={handleSubmit} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          type="number"
          label="Reminder after (days)"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={problem !== null}
          helperText={problem ?? 'From 1 to 60 days.'}
          slotProps={{ htmlInput: { min: 1, max: 60, step: 1 } }}
          sx={{ maxWidth: 260 }}
        />
        <Button type="submit" variant="contained" loading={isSaving} sx={{ flexShrink: 0 }}>
          Save
        </Button>
      </Stack>
    </Paper>
  );
}
