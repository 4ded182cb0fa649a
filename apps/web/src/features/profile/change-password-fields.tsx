import { PASSWORD_MIN_LENGTH } from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { PasswordField } from '../../lib/password-field';
import { useChangePasswordMutation } from './mutations';
import { changePasswordProblem } from './password-rules';

/**
 * The state and submit of a password change, shared by the profile's dialog and the page a
 * person must pass after an administrator set their password: checks of 000 §5 first, then
 * the server's answer, each shown above the fields.
 */
export function useChangePasswordForm(onChanged?: (message: string) => void) {
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
      { onSuccess: ({ message }) => onChanged?.(message), onError: (error) => setProblem(error.message) },
    );
  };

  return {
    values: { oldPassword, newPassword, confirmPassword },
    setters: { setOldPassword, setNewPassword, setConfirmPassword },
    problem,
    isPending: changePassword.isPending,
    handleSubmit,
  };
}

type ChangePasswordForm = ReturnType<typeof useChangePasswordForm>;

/** The problem, if any, and the three fields; the rule for a new password shows before a try. */
export function ChangePasswordFields({ form, oldPasswordLabel }: { form: ChangePasswordForm; oldPasswordLabel: string }) {
  const { values, setters } = form;
  return (
    <Stack spacing={2.5}>
      {form.problem ? <Alert severity="error">{form.problem}</Alert> : null}
      <PasswordField
        label={oldPasswordLabel}
        autoComplete="current-password"
        value={values.oldPassword}
        onChange={(event) => setters.setOldPassword(event.target.value)}
        autoFocus
      />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(event) => setters.setNewPassword(event.target.value)}
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => setters.setConfirmPassword(event.target.value)}
      />
    </Stack>
  );
}
