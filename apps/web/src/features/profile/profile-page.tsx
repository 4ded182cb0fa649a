import { TEXT } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { isUnauthorized } from '../../lib/api-client';
import { useErefDialog } from '../../lib/eref-dialog';
import { NotificationSettings } from './notification-settings';
import { ProfileForm } from './profile-form';
import { useMeQuery } from './queries';

/** Personal Information (000 §2): display name and photo editable, the rest read-only. */
export function ProfilePage() {
  const me = useMeQuery();
  const { show: showEref } = useErefDialog();
  const { error } = me;

  useEffect(() => {
    // A 401 already ended the session and left for /login; the dialog would only follow it there.
    if (error && !isUnauthorized(error)) showEref('FETCH_USERDATA_ERROR', error.message);
  }, [error, showEref]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography component="h1" variant="h5" sx={{ mb: 3 }}>
          {TEXT.profileTitle}
        </Typography>
        {me.data ? (
          // Keyed by user so a different account never inherits an edited name.
          <>
            <ProfileForm key={me.data.id} user={me.data} />
            <NotificationSettings />
          </>
        ) : me.isError ? (
          <>
            <Alert severity="error" sx={{ mb: 3 }}>
              {me.error.message}
            </Alert>
            <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} color="inherit">
              Go Back
            </Button>
          </>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading your details" />
          </Box>
        )}
      </Paper>
    </Container>
  );
}
