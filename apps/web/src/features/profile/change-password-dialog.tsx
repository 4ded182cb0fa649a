import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type SubmitEvent } from 'react';
import { PasswordField } from '../../lib/password-field';
import { useChangePasswordMutation } from './mutations';
import { changePasswordProblem } from './password-rules';

interface ChangePasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The server's confirmation, shown by the caller in the 'Success' dialog. */
  onChanged: (message: string) => void;
}

export function ChangePasswordDialog({ isOpen, onClose, onChanged }: ChangePasswordDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Change Password</DialogTitle>
      {/* The dialog unmounts its content once closed, so every opening starts empty. */}
      <ChangePasswordForm onCancel={onClose} onChanged={onChanged} />
    </Dialog>
  );
}

function ChangePasswordForm({ onCancel, onChanged }: { onCancel: () => void; onChanged: (message: string) => void }) {
  const changePassword = useChangePasswordMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changePassword.isPending) return;
    const localProblem = changePasswordProblem({ oldPassword, newPassword, confirmPassword });
    setProblem(localProblem);
    if (localProblem) return;
    changePassword.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: ({ message }) => onChanged(message),
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2.5}>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <PasswordField
            label="Old Password"
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
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={changePassword.isPending}>
          Update Password
        </Button>
      </DialogActions>
    </form>
  );
}
