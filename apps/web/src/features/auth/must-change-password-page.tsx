import { TEXT } from '@ichat/shared';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CenteredPage } from '../../lib/centered-page';
import { LogoFull } from '../../lib/logo';
import { ChangePasswordFields, useChangePasswordForm } from '../profile';
import { logout } from './mutations';

/**
 * Shown instead of the app while the person must change a password an administrator set
 * (a new account or a reset): the server refuses every other call until it is done, so the
 * app stays closed and only the change and logout are offered.
 */
export function MustChangePasswordPage() {
  // On success the cached profile no longer asks for a change, and the app takes over.
  const form = useChangePasswordForm();
  const [isLeaving, setIsLeaving] = useState(false);

  const handleLogout = () => {
    setIsLeaving(true);
    void logout();
  };

  return (
    <CenteredPage>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 440, alignItems: 'center' }}>
        <LogoFull height={44} />
        <Paper variant="outlined" sx={{ width: '100%', p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
          <Typography component="h1" variant="h5" sx={{ mb: 1, textAlign: 'center' }}>
            Change Your Password
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
            {TEXT.mustChangePassword} Your administrator set the one you signed in with; choose your own.
          </Typography>
          <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit}>
            <ChangePasswordFields form={form} oldPasswordLabel="Current Password" />
            <Button type="submit" variant="contained" size="large" fullWidth loading={form.isPending}>
              Update Password
            </Button>
            <Button onClick={handleLogout} color="inherit" loading={isLeaving}>
              Log Out
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </CenteredPage>
  );
}
