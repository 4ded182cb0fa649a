import { TEXT } from '@ichat/shared';
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { isNoResponse } from '../../lib/api-client';
import { PlainAlert, PlainButton, PlainCheckbox, PlainNoticeDialog, PlainPasswordField, PlainTextField } from '../../lib/plain-ui/plain-ui';
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
    <form className="plain-stack" noValidate onSubmit={handleSubmit}>
      {errorMessage ? <PlainAlert severity="error">{errorMessage}</PlainAlert> : null}
      <PlainTextField label="Email Address" name="username" autoComplete="username" value={username} onChange={setUsername} isDisabled={isDisabled} />
      <PlainPasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} isDisabled={isDisabled} />
      <div className="login-page__remember">
        <PlainCheckbox label="Remember Me" isChecked={rememberMe} onChange={setRememberMe} isDisabled={isDisabled} />
      </div>
      <PlainButton type="submit" size="large" isFullWidth isLoading={login.isPending} isDisabled={isDisabled}>
        Log In
      </PlainButton>
      <PlainNoticeDialog isOpen={isLoginFailedOpen} title={TEXT.loginFailedTitle} onClose={() => setIsLoginFailedOpen(false)} text={unreachableMessage} />
    </form>
  );
}
