import { TEXT, updateMeDataSchema, type UserDetails } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isInputRefusal } from '../../lib/api-client';
import { useErefDialog } from '../../lib/eref-dialog';
import { useUpdateProfileMutation } from './mutations';
import { ProfilePhotoPicker } from './profile-photo-picker';

/** Long enough to read 'User details updated.' before the app returns home (000 §8). */
const SAVED_NOTICE_MS = 1500;

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      slotProps={{ input: { readOnly: true } }}
      sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
    />
  );
}

export function ProfileForm({ user }: { user: UserDetails }) {
  const navigate = useNavigate();
  const eref = useErefDialog();
  const updateProfile = useUpdateProfileMutation();
  const [displayName, setDisplayName] = useState(user.display_name);
  const [displayNameProblem, setDisplayNameProblem] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  // The server's refusal of what was chosen (a file that is not a picture): said at the form (issue 17).
  const [refusal, setRefusal] = useState<string | null>(null);
  const isSaved = updateProfile.isSuccess;
  const isBusy = updateProfile.isPending || isSaved;

  useEffect(() => {
    if (!isSaved) return;
    const timer = window.setTimeout(() => void navigate('/'), SAVED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [isSaved, navigate]);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    // The same rule the server applies, so the person hears it before a round trip.
    const checked = updateMeDataSchema.safeParse({ display_name: displayName });
    if (!checked.success) {
      setDisplayNameProblem(checked.error.issues[0]?.message ?? 'Display name is not valid.');
      return;
    }
    setDisplayNameProblem(null);
    setRefusal(null);
    updateProfile.mutate(
      { displayName: checked.data.display_name, photo },
      { onError: (error) => (isInputRefusal(error) ? setRefusal(error.message) : eref.show('UPDATE_USERDATA_ERROR', error.message)) },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 3, sm: 4 }} sx={{ alignItems: { sm: 'flex-start' } }}>
        <ProfilePhotoPicker
          currentPhoto={user.profile_photo}
          chosenFile={photo}
          onChoose={(file) => {
            setPhoto(file);
            setRefusal(null);
          }}
          isDisabled={isBusy}
        />
        <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0, pt: { sm: 1 } }}>
          <TextField
            label="Display Name"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            error={displayNameProblem !== null}
            helperText={displayNameProblem ?? 'This is the name others see in chats.'}
            disabled={isBusy}
          />
          <ReadOnlyField label="User ID" value={String(user.id)} />
        </Stack>
      </Stack>

      <Box
        sx={{
          mt: 3,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2.5,
        }}
      >
        <ReadOnlyField label="First Name" value={user.first_name} />
        <ReadOnlyField label="Last Name" value={user.last_name} />
        <ReadOnlyField label="Email Address" value={user.email_address} />
        <ReadOnlyField label="Department" value={user.department ?? ''} />
        <ReadOnlyField label="Username" value={user.username} />
        <ReadOnlyField label="Admin Access" value={user.admin_access ? 'Yes' : 'No'} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {TEXT.profileContactSupport}
      </Typography>

      {refusal === null ? null : (
        <Alert severity="error" role="alert" sx={{ mt: 3 }}>
          {refusal}
        </Alert>
      )}
      {isSaved ? (
        <Alert severity="success" sx={{ mt: 3 }}>
          {TEXT.profileUpdated}
        </Alert>
      ) : null}

      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 3, pt: 3, borderTop: 1, borderColor: 'divider', justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} color="inherit">
          Go Back
        </Button>
        <Button type="submit" variant="contained" loading={updateProfile.isPending} disabled={isSaved}>
          Submit Changes
        </Button>
      </Stack>
    </Box>
  );
}
