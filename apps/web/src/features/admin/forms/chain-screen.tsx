import type { ApprovalChain } from '@ichat/shared';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { PersonPicker, type PersonOption } from '../../../lib/person-picker';
import { QueryProblem } from '../../../lib/query-problem';
import { ScreenNotice, useScreenNotice } from '../../../lib/screen-notice';
import { useSetApprovalChainMutation } from '../api/mutations';
import { adminKeys, searchPeople, useApprovalChainQuery } from '../api/queries';
import { AdminScreen } from '../ui/admin-screen';
import { bandAfter, bandRange, chainOf, draftsOf, type BandDraft, type LevelDraft } from './chain-lib';
import { useFormParam } from './use-form-param';

/** /admin/chains/:formId: a form's approvers at levels 1 and 2, in bands by total amount. */
export function ChainScreen() {
  const { id, form, forms } = useFormParam();
  const chain = useApprovalChainQuery(id ?? 0);
  const save = useSetApprovalChainMutation(id ?? 0);
  const notice = useScreenNotice();
  if (id === null || (forms.isSuccess && form === null)) return <Navigate to="/not-found" replace />;
  return (
    <AdminScreen
      title={`Approval Chain: ${form?.name ?? 'the form'}`}
      description={
        form?.has_amounts
          ? 'A request goes to the band its total falls in. A change applies to requests filed after it; those already filed keep their chain.'
          : 'A change applies to requests filed after it; those already filed keep their chain.'
      }
      actions={
        <Button component={RouterLink} to="/admin/chains" startIcon={<ArrowBackIcon />}>
          All Forms
        </Button>
      }
    >
      <ScreenNotice notice={notice.notice} onClose={notice.clear} />
      {chain.isError ? <QueryProblem error={chain.error} onRetry={() => void chain.refetch()} /> : null}
      {chain.data && form ? (
        <ChainEditor
          // The saved chain comes back as the new starting point.
          key={chain.dataUpdatedAt}
          saved={chain.data}
          hasAmounts={form.has_amounts}
          isSaving={save.isPending}
          onSave={(next, onRefused) =>
            save.mutate(next, {
              onSuccess: () => notice.showSuccess('The approval chain is saved. Requests filed from now on follow it.'),
              onError: (error) => onRefused(error.message),
            })
          }
        />
      ) : chain.isPending ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : null}
    </AdminScreen>
  );
}

interface ChainEditorProps {
  saved: ApprovalChain;
  hasAmounts: boolean;
  isSaving: boolean;
  onSave: (chain: ApprovalChain, onRefused: (message: string) => void) => void;
}

function ChainEditor({ saved, hasAmounts, isSaving, onSave }: ChainEditorProps) {
  const [drafts, setDrafts] = useState<BandDraft[]>(() => draftsOf(saved));
  const [refusal, setRefusal] = useState<string | null>(null);
  // The answer names its approvers; one added here brings the name it was picked by.
  const [names, setNames] = useState(
    () =>
      new Map(
        saved.bands
          .flatMap((band) => [...(band.level_1.approvers ?? []), ...(band.level_2.approvers ?? [])])
          .map((person) => [person.id, person.display_name] as const),
      ),
  );
  const nameOf = (id: number) => names.get(id) ?? `Person ${id}`;
  const rememberName = (person: PersonOption) => setNames((previous) => new Map(previous).set(person.id, person.display_name));

  const outcome = chainOf(drafts, hasAmounts);
  const pendingProblem = 'problem' in outcome ? outcome.problem : null;

  const updateBand = (key: number, change: (band: BandDraft) => BandDraft) => {
    setRefusal(null);
    setDrafts((previous) => previous.map((band) => (band.key === key ? change(band) : band)));
  };

  const handleSave = () => {
    if ('problem' in outcome) {
      setRefusal(outcome.problem);
      return;
    }
    setRefusal(null);
    onSave(outcome.chain, setRefusal);
  };

  return (
    <Stack spacing={2.5}>
      {drafts.map((band, index) => (
        <BandEditor
          key={band.key}
          band={band}
          number={index + 1}
          hasAmounts={hasAmounts}
          isFirst={index === 0}
          canRemove={drafts.length > 1}
          nameOf={nameOf}
          onPicked={rememberName}
          onChange={(change) => updateBand(band.key, change)}
          onRemove={() => setDrafts((previous) => previous.filter((other) => other.key !== band.key))}
        />
      ))}
      {hasAmounts ? (
        <Box>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setDrafts((previous) => [...previous, bandAfter(previous.at(-1))])}>
            Add Band
          </Button>
        </Box>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2, position: 'sticky', bottom: 8, zIndex: 1 }}>
        <Stack spacing={1.5}>
          {refusal ? (
            <Alert severity="error" data-testid="chain-problem">
              {refusal}
            </Alert>
          ) : pendingProblem ? (
            <Alert severity="warning" data-testid="chain-problem">
              Before saving: {pendingProblem}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={handleSave} loading={isSaving}>
              Save Chain
            </Button>
            <Button
              color="inherit"
              onClick={() => {
                setRefusal(null);
                setDrafts(draftsOf(saved));
              }}
            >
              Discard Changes
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}

interface BandEditorProps {
  band: BandDraft;
  number: number;
  hasAmounts: boolean;
  isFirst: boolean;
  canRemove: boolean;
  nameOf: (id: number) => string;
  onPicked: (person: PersonOption) => void;
  onChange: (change: (band: BandDraft) => BandDraft) => void;
  onRemove: () => void;
}

function BandEditor({ band, number, hasAmounts, isFirst, canRemove, nameOf, onPicked, onChange, onRemove }: BandEditorProps) {
  const headingId = useId();
  const name = hasAmounts ? `Band ${number}` : 'Approvers';
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="chain-band">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {hasAmounts ? `${name}: ${bandRange(band)}` : name}
        </Typography>
        {canRemove ? (
          <Button color="error" onClick={onRemove} aria-label={`Remove band ${number}`}>
            Remove Band
          </Button>
        ) : null}
      </Box>
      {hasAmounts ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2.5, maxWidth: 640 }}>
          <TextField
            size="small"
            label={`Band ${number} from`}
            value={band.min}
            onChange={(event) => onChange((previous) => ({ ...previous, min: event.target.value }))}
            helperText={isFirst ? 'The first band starts at ₱0.00.' : ' '}
            // Read-only rather than disabled: its value and hint stay readable (a disabled field's grey is too faint).
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">₱</InputAdornment>, readOnly: isFirst },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
          <TextField
            size="small"
            label={`Band ${number} up to`}
            value={band.max}
            onChange={(event) => onChange((previous) => ({ ...previous, max: event.target.value }))}
            placeholder="No upper limit"
            helperText="Empty: no upper limit."
            slotProps={{ input: { startAdornment: <InputAdornment position="start">₱</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <LevelEditor
          title="Level 1"
          where={hasAmounts ? `level 1 of band ${number}` : 'level 1'}
          level={band.level1}
          isOptional={false}
          nameOf={nameOf}
          onPicked={onPicked}
          onChange={(level) => onChange((previous) => ({ ...previous, level1: level }))}
        />
        <LevelEditor
          title="Level 2 (optional)"
          where={hasAmounts ? `level 2 of band ${number}` : 'level 2'}
          level={band.level2}
          isOptional
          nameOf={nameOf}
          onPicked={onPicked}
          onChange={(level) => onChange((previous) => ({ ...previous, level2: level }))}
        />
      </Box>
    </Paper>
  );
}

interface LevelEditorProps {
  title: string;
  /** 'level 1 of band 2': names the controls apart from the other levels'. */
  where: string;
  level: LevelDraft;
  /** Level 2: a band may have no second level. */
  isOptional: boolean;
  nameOf: (id: number) => string;
  onPicked: (person: PersonOption) => void;
  onChange: (level: LevelDraft) => void;
}

function LevelEditor({ title, where, level, isOptional, nameOf, onPicked, onChange }: LevelEditorProps) {
  const headingId = useId();
  const count = level.approverIds.length;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ bgcolor: 'grey.50', borderRadius: 2, p: 1.5 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No approvers.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Approvers of ${where}`} sx={{ listStyle: 'none', m: 0, mb: 1, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {level.approverIds.map((id) => (
            <Box
              component="li"
              key={id}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, pl: 1.5, pr: 0.5, py: 0.25, borderRadius: 4, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2">{nameOf(id)}</Typography>
              <IconButton
                size="small"
                aria-label={`Remove ${nameOf(id)} from ${where}`}
                onClick={() => onChange({ ...level, approverIds: level.approverIds.filter((other) => other !== id) })}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Stack spacing={1.5}>
        <PersonPicker
          label="Add approver"
          size="small"
          value={null}
          onChange={(person) => {
            if (!person || level.approverIds.includes(person.id)) return;
            onPicked(person);
            onChange({ ...level, approverIds: [...level.approverIds, person.id] });
          }}
          search={searchPeople}
          searchKey={adminKeys.peopleSearch()}
          excludeIds={level.approverIds}
        />
        <TextField
          size="small"
          type="number"
          label="Must approve"
          value={level.needed}
          onChange={(event) => onChange({ ...level, needed: event.target.value })}
          helperText={count === 0 ? (isOptional ? 'No approvers: 0, and the level is skipped.' : 'Add at least one approver.') : `How many of the ${count} approver${count === 1 ? '' : 's'} must agree.`}
          slotProps={{ htmlInput: { min: 0, max: Math.max(count, 0), step: 1 } }}
          sx={{ maxWidth: 320 }}
        />
      </Stack>
    </Box>
  );
}
