import { TEXT } from '@ichat/shared';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, useLocation } from 'react-router';
import { LogoFull } from '../../lib/logo';
import { AppDownloads } from './app-downloads';
import { LoginForm } from './login-form';
import { useExistingTokenCheck, useVersionQuery } from './queries';
import { CenteredPage } from '../../lib/centered-page';

/** Set by the app when the server refused the session, so the login page can say why. */
export interface LoginLocationState {
  isSessionEnded?: boolean;
}

export function LoginPage() {
  const location = useLocation();
  const version = useVersionQuery();
  const existingToken = useExistingTokenCheck();

  if (existingToken.data === true) return <Navigate to="/" replace />;

  const isUnderMaintenance = version.isError;
  const isSessionEnded = (location.state as LoginLocationState | null)?.isSessionEnded === true;

  return (
    <CenteredPage>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 440, alignItems: 'center' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="img" aria-label={TEXT.appTitle}>
          <LogoFull height={52} />
          <Typography component="span" variant="h4" color="primary" sx={{ fontWeight: 500, lineHeight: 1 }}>
            {TEXT.headerTitle}
          </Typography>
        </Stack>
        <Paper variant="outlined" sx={{ width: '100%', p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
          <Typography component="h1" variant="h5" sx={{ mb: 3, textAlign: 'center' }}>
            {TEXT.loginHeading}
          </Typography>
          <Stack spacing={2.5}>
            {isUnderMaintenance ? <Alert severity="warning">{TEXT.loginMaintenance}</Alert> : null}
            {isSessionEnded && !isUnderMaintenance ? <Alert severity="info">{TEXT.sessionExpired}</Alert> : null}
            <LoginForm isDisabled={isUnderMaintenance} />
          </Stack>
          {version.data ? <AppDownloads version={version.data} /> : null}
        </Paper>
      </Stack>
    </CenteredPage>
  );
}
