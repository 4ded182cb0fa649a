import { TEXT } from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { isNoResponse } from '../../lib/api-client';
import { NoticeDialog } from '../../lib/notice-dialog';
import { PasswordField } from '../../lib/password-field';
import { useLoginMutation } from './mutations';

interface LoginFormProps {
  /** The server is under maintenance: nothing can be typed or sent. */
  isDisabled: boolean;
}

export function LoginForm({ isDisabled }: LoginFormProps) {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [unreachableMessage, setUnreachableMessage] = useState('');
  const [isLoginFailedOpen, setIsLoginFailedOpen] = useState(false);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isDisabled || login.isPending) return;
    if (!username.trim() || !password) {
      setErrorMessage(TEXT.loginBlank);
      return;
    }
    setErrorMessage(null);
    login.mutate(
      { username: username.trim(), password, rememberMe },
      {
        onSuccess: () => void navigate('/', { replace: true }),
        onError: (error) => {
          if (isNoResponse(error)) {
            setUnreachableMessage(error.message);
            setIsLoginFailedOpen(true);
          } else {
            setErrorMessage(error.message);
          }
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit}>
      {errorMessage ? (
        <Alert severity="error">
          {errorMessage}
        </Alert>
      ) : null}
      <TextField
        label="Email Address"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        disabled={isDisabled}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        disabled={isDisabled}
      />
      <FormControlLabel
        label="Remember Me"
        disabled={isDisabled}
        control={<Checkbox checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />}
        sx={{ alignSelf: 'flex-start', mt: '4px !important' }}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending} disabled={isDisabled}>
        Log In
      </Button>
      <NoticeDialog isOpen={isLoginFailedOpen} title={TEXT.loginFailedTitle} onClose={() => setIsLoginFailedOpen(false)} text={unreachableMessage} />
    </Stack>
  );
}

