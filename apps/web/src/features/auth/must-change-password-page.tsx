import { TEXT } from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type SubmitEvent } from 'react';
import { CenteredPage } from '../../lib/centered-page';
import { LogoFull } from '../../lib/logo';
import { PasswordField } from '../../lib/password-field';
import { changePasswordProblem, useChangePasswordMutation } from '../profile';
import { logout } from './mutations';

/**
 * Shown instead of the app while the person must change a password an administrator set
 * (a new account or a reset): the server refuses every other call until it is done, so the
 * app stays closed and only the change and logout are offered.
 */
export function MustChangePasswordPage() {
  const changePassword = useChangePasswordMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePassword.isPending) return;
    const localProblem = changePasswordProblem({ oldPassword, newPassword, confirmPassword });
    setProblem(localProblem);
    if (localProblem) return;
    // On success the cached profile no longer asks for a change, and the app takes over.
    changePassword.mutate({ oldPassword, newPassword }, { onError: (error) => setProblem(error.message) });
  };

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
          <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              value={oldPassword}
              onChange={(event) => setOldPassword(event.target.value)}
              autoFocus
            />
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
            <PasswordField
              label="Confirm Password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(event) => setConfirmPassword(event.target.value)}
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={changePassword.isPending}>
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
