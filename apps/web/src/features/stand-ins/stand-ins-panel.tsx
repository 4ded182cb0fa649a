import {
  canDelegate,
  createDelegationBodySchema,
  manilaToday,
  type CreateDelegationBody,
  type DelegationEntry,
} from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { QueryDataTable, type DataColumn } from '../../lib/data-table';
import { addDays, formatDateTime, formatDay } from '../../lib/dates';
import { PersonPicker, type PersonOption } from '../../lib/person-picker';
import { ScreenNotice, useScreenNotice } from '../../lib/screen-notice';
import {
  searchActivePeople,
  searchDirectory,
  standInKeys,
  useCreateDelegationMutation,
  useDelegationsQuery,
  useEndDelegationMutation,
} from './queries';

interface Viewer {
  id: number;
  isAdmin: boolean;
}

interface StandInsPanelProps {
  viewer: Viewer;
  /** mine: the viewer's own, given and received; all: every current one (administrators). */
  scope: 'mine' | 'all';
}

type Phase = 'current' | 'upcoming' | 'ended';

const phaseOf = (delegation: DelegationEntry, today: string): Phase => {
  if (!delegation.is_active || delegation.ends_on < today) return 'ended';
  return delegation.starts_on > today ? 'upcoming' : 'current';
};

const PHASE_CHIPS: Record<Phase, { label: string; color: 'success' | 'primary' | 'default' }> = {
  current: { label: 'Current', color: 'success' },
  upcoming: { label: 'Upcoming', color: 'primary' },
  ended: { label: 'Ended', color: 'default' },
};

/**
 * Naming a stand-in for a range of days, and the stand-ins already named: an approver names
 * one for themselves, an administrator for anyone. The shared canDelegate rule answers before
 * the server does, in the same words.
 */
export function StandInsPanel({ viewer, scope }: StandInsPanelProps) {
  const delegations = useDelegationsQuery(scope);
  const endDelegation = useEndDelegationMutation();
  const notice = useScreenNotice();
  const [ending, setEnding] = useState<DelegationEntry | null>(null);
  const today = manilaToday();
  const listHeadingId = useId();

  const nameOf = (person: { id: number; display_name: string }) =>
    person.id === viewer.id ? `${person.display_name} (you)` : person.display_name;
  const mayEnd = (delegation: DelegationEntry) =>
    delegation.is_active &&
    delegation.ends_on >= today &&
    // The approver, whoever named the stand-in, the stand-in or an administrator (docs/DECISIONS.md, "Administration").
    (viewer.isAdmin || [delegation.approver.id, delegation.created_by.id, delegation.delegate.id].includes(viewer.id));

  const columns: DataColumn<DelegationEntry>[] = [
    { key: 'approver', label: 'Approver', render: (row) => nameOf(row.approver), isPrimary: true },
    { key: 'delegate', label: 'Stand-in', render: (row) => nameOf(row.delegate) },
    { key: 'days', label: 'Days', render: (row) => `${formatDay(row.starts_on)} – ${formatDay(row.ends_on)}` },
    { key: 'named-by', label: 'Named by', render: (row) => `${nameOf(row.created_by)}, ${formatDateTime(row.createdAt)}`, isHiddenOnPhone: true },
    {
      key: 'phase',
      label: 'Status',
      render: (row) => {
        const chip = PHASE_CHIPS[phaseOf(row, today)];
        return <Chip size="small" label={chip.label} color={chip.color} />;
      },
    },
  ];

  const handleEnd = () => {
    if (!ending) return;
    endDelegation.mutate(ending.id, {
      onSuccess: ({ message }) => notice.showSuccess(message),
      onError: notice.showError,
      onSettled: () => setEnding(null),
    });
  };

  return (
    <Stack spacing={3}>
      <ScreenNotice notice={notice.notice} onClose={notice.clear} />
      <NameStandInForm
        viewer={viewer}
        canChooseApprover={scope === 'all' && viewer.isAdmin}
        existing={delegations.data ?? []}
        onNamed={notice.showSuccess}
      />
      <Box component="section" aria-labelledby={listHeadingId}>
        <Typography id={listHeadingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {scope === 'all' ? 'Every current stand-in' : 'Your stand-ins, given and received'}
        </Typography>
        <QueryDataTable
          query={delegations}
          label="Stand-ins"
          columns={columns}
          rows={delegations.data ?? []}
          rowKey={(row) => row.id}
          rowTestId="delegation-row"
          isMuted={(row) => phaseOf(row, today) === 'ended'}
          emptyText="No stand-ins."
          actions={(row) =>
            mayEnd(row) ? (
              <Button size="small" color="error" onClick={() => setEnding(row)} aria-label={`End stand-in ${row.delegate.display_name} for ${row.approver.display_name}`}>
                End
              </Button>
            ) : null
          }
        />
      </Box>
      <ConfirmDialog
        isOpen={ending !== null}
        title="End this stand-in?"
        confirmLabel="End Now"
        confirmColor="error"
        isPending={endDelegation.isPending}
        onClose={() => setEnding(null)}
        onConfirm={handleEnd}
      >
        {ending
          ? `${ending.delegate.display_name} will no longer decide requests for ${ending.approver.display_name}. Votes already cast stay.`
          : null}
      </ConfirmDialog>
    </Stack>
  );
}

interface NameStandInFormProps {
  viewer: Viewer;
  canChooseApprover: boolean;
  existing: readonly DelegationEntry[];
  onNamed: (message: string) => void;
}

function NameStandInForm({ viewer, canChooseApprover, existing, onNamed }: NameStandInFormProps) {
  const queryClient = useQueryClient();
  const create = useCreateDelegationMutation();
  const headingId = useId();
  const today = manilaToday();
  const [approver, setApprover] = useState<PersonOption | null>(null);
  const [delegate, setDelegate] = useState<PersonOption | null>(null);
  const [startsOn, setStartsOn] = useState(today);
  const [endsOn, setEndsOn] = useState(addDays(today, 6));
  const [problem, setProblem] = useState<string | null>(null);

  // An administrator searches every account; an approver the chat's directory.
  // Both pickers search the same people: an admin everyone active, others their directory.
  const peopleSearch = useMemo(
    () => ({
      search: viewer.isAdmin ? searchActivePeople : searchDirectory(queryClient),
      searchKey: standInKeys.search(viewer.isAdmin ? 'admin' : 'directory'),
    }),
    [viewer.isAdmin, queryClient],
  );

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!delegate) {
      setProblem('Choose the stand-in.');
      return;
    }
    const body: CreateDelegationBody = {
      ...(approver ? { approver_id: approver.id } : {}),
      delegate_id: delegate.id,
      starts_on: startsOn,
      ends_on: endsOn,
    };
    const parsed = createDelegationBodySchema.safeParse(body);
    const verdict = parsed.success
      ? canDelegate(
          viewer,
          { approver_id: approver?.id ?? viewer.id, delegate_id: delegate.id, starts_on: startsOn, ends_on: endsOn },
          {
            delegateIsActive: true,
            today,
            existing: existing.filter((entry) => entry.is_active).map((entry) => ({
              approver_id: entry.approver.id,
              delegate_id: entry.delegate.id,
              starts_on: entry.starts_on,
              ends_on: entry.ends_on,
            })),
          },
        )
      : null;
    const localProblem = parsed.success ? (verdict?.message ?? null) : (parsed.error.issues[0]?.message ?? 'Check the stand-in’s details.');
    setProblem(localProblem);
    if (localProblem) return;
    create.mutate(body, {
      onSuccess: ({ message }) => {
        setDelegate(null);
        setApprover(null);
        onNamed(message);
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 0.5 }}>
        Name a stand-in
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {canChooseApprover
          ? 'On these days the stand-in sees the approver’s pending requests and may decide them; each vote is recorded as cast on the approver’s behalf.'
          : 'On these days your stand-in sees your pending requests and may decide them; each vote is recorded as cast on your behalf.'}
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit}>
        <Stack spacing={2}>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: canChooseApprover ? '1fr 1fr' : '1fr' } }}>
            {canChooseApprover ? (
              <PersonPicker label="Approver (empty: yourself)" value={approver} onChange={setApprover} {...peopleSearch} />
            ) : null}
            <PersonPicker
              label="Stand-in"
              value={delegate}
              onChange={setDelegate}
              {...peopleSearch}
              excludeIds={[approver?.id ?? viewer.id]}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              type="date"
              label="First day"
              value={startsOn}
              onChange={(event) => setStartsOn(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="Last day"
              value={endsOn}
              onChange={(event) => setEndsOn(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Name Stand-in
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
