import { DISPLAY_TIME_ZONE, TEXT, type NotificationSettingsBody } from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { isInputRefusal } from '../../lib/api-client';
import { useReportError } from '../../lib/use-report-error';
import { pushState, turnPushOff, turnPushOn, type PushState } from './push-subscription';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './queries';

type DndChoice = keyof typeof TEXT.doNotDisturbChoices;

/** When a do-not-disturb choice ends, from now. */
const dndEnd = (choice: DndChoice, now = new Date()): Date => {
  const end = new Date(now);
  if (choice === 'hour') return new Date(now.getTime() + 60 * 60_000);
  if (choice === 'evening') {
    end.setHours(18, 0, 0, 0);
    return end > now ? end : new Date(end.getTime() + 24 * 60 * 60_000);
  }
  end.setDate(end.getDate() + 1);
  end.setHours(8, 0, 0, 0);
  return end;
};

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || DISPLAY_TIME_ZONE;

const PUSH_NOTES: Partial<Record<PushState | 'failed', string>> = {
  unsupported: TEXT.pushUnsupported,
  denied: TEXT.pushDenied,
  failed: TEXT.pushFailed,
};

/** The switch for this browser's pushes: it subscribes for real, or says why it cannot. */
function PushSwitch() {
  const [state, setState] = useState<PushState | 'failed' | 'checking'>('checking');
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void pushState().then((found) => {
      if (isCurrent) setState(found);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  const handleToggle = async (isOn: boolean) => {
    setIsBusy(true);
    try {
      setState(await (isOn ? turnPushOn() : turnPushOff()));
    } catch (error) {
      console.warn('Push subscription failed', error);
      setState('failed');
    } finally {
      setIsBusy(false);
    }
  };

  const note = state === 'checking' ? undefined : PUSH_NOTES[state];
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={state === 'on'}
            disabled={isBusy || state === 'checking' || state === 'unsupported'}
            onChange={(event) => void handleToggle(event.target.checked)}
          />
        }
        label={TEXT.pushSwitch}
      />
      {note ? (
        <Alert severity={state === 'failed' ? 'error' : 'info'} sx={{ mt: 1 }} data-testid="push-note">
          {note}
        </Alert>
      ) : state === 'on' ? (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 6 }}>
          {TEXT.pushOnHelp}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Notifications in the profile (issue 19): pushes on this browser, previews, do not disturb
 * and quiet hours. Each change is saved at once; the bell and unread counts always count.
 */
export function NotificationSettings() {
  const settings = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettingsMutation();
  const report = useReportError();
  const [note, setNote] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [quietFrom, setQuietFrom] = useState<string | null>(null);
  const [quietTo, setQuietTo] = useState<string | null>(null);

  const save = (body: NotificationSettingsBody) =>
    update.mutate(body, {
      onSuccess: () => setNote({ severity: 'success', text: TEXT.notificationSettingsSaved }),
      onError: (error) => {
        if (isInputRefusal(error)) setNote({ severity: 'error', text: error.message });
        else report('UPDATE_USERDATA_ERROR', error);
      },
    });

  const data = settings.data;
  const dndUntil = data?.do_not_disturb_until ? new Date(data.do_not_disturb_until) : null;
  const quiet = data?.quiet_hours ?? null;
  const from = quietFrom ?? quiet?.from ?? '22:00';
  const to = quietTo ?? quiet?.to ?? '07:00';

  return (
    <Box component="section" aria-labelledby="notification-settings-heading" sx={{ mt: 4 }}>
      <Divider sx={{ mb: 3 }} />
      <Typography id="notification-settings-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        {TEXT.notificationSettingsHeading}
      </Typography>
      <PushSwitch />
      {data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, mt: 2 }}>
          <FormControlLabel
            control={<Switch checked={data.push_previews} disabled={update.isPending} onChange={(event) => save({ push_previews: event.target.checked })} />}
            label={TEXT.pushPreviews}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              label={TEXT.doNotDisturb}
              value=""
              onChange={(event) => save({ do_not_disturb_until: dndEnd(event.target.value as DndChoice).toISOString() })}
              fullWidth={false}
              sx={{ width: 240 }}
              slotProps={{
                inputLabel: { shrink: true },
                select: { displayEmpty: true, renderValue: () => (dndUntil ? format(dndUntil, 'MMM d, h:mm a') : TEXT.doNotDisturbOff) },
              }}
            >
              {(Object.keys(TEXT.doNotDisturbChoices) as DndChoice[]).map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {TEXT.doNotDisturbChoices[choice]}
                </MenuItem>
              ))}
            </TextField>
            {dndUntil ? (
              <>
                <Typography variant="body2" data-testid="dnd-status">
                  {TEXT.doNotDisturbUntil(format(dndUntil, 'MMM d, h:mm a'))}
                </Typography>
                <Button size="small" onClick={() => save({ do_not_disturb_until: null })}>
                  {TEXT.doNotDisturbEnd}
                </Button>
              </>
            ) : null}
          </Box>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={quiet !== null}
                  disabled={update.isPending}
                  onChange={(event) => save({ quiet_hours: event.target.checked ? { from, to, time_zone: browserTimeZone() } : null })}
                />
              }
              label={TEXT.quietHours}
            />
            <Box sx={{ display: 'flex', gap: 1.5, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField type="time" size="small" fullWidth={false} sx={{ width: 150 }} label={TEXT.quietHoursFrom} value={from} onChange={(event) => setQuietFrom(event.target.value)} />
              <TextField type="time" size="small" fullWidth={false} sx={{ width: 150 }} label={TEXT.quietHoursTo} value={to} onChange={(event) => setQuietTo(event.target.value)} />
              {/* Off, the times are what turning it on will use; on, a change is saved here. */}
              {quiet !== null ? (
                <Button
                  variant="outlined"
                  disabled={update.isPending || (quiet.from === from && quiet.to === to)}
                  onClick={() => save({ quiet_hours: { from, to, time_zone: quiet.time_zone } })}
                >
                  {TEXT.editSave}
                </Button>
              ) : null}
            </Box>
          </Box>
          {note ? (
            <Alert severity={note.severity} onClose={() => setNote(null)}>
              {note.text}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
