import { ERROR_PAGE_COUNTDOWN_S, TEXT } from '@ichat/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { countdownText, useCountdown } from './use-countdown';
import { CenteredPage } from '../../lib/centered-page';

interface ErrorPageProps {
  code: string;
  title: string;
  text: string;
  icon: ReactNode;
}

/** Both error pages (001 §2): count down from 10, then home; the button goes at once. */
export function ErrorPage({ code, title, text, icon }: ErrorPageProps) {
  const navigate = useNavigate();
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);
  const secondsLeft = useCountdown(ERROR_PAGE_COUNTDOWN_S, goHome);

  return (
    <CenteredPage>
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}
      >
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>{icon}</Box>
        <Typography variant="overline" color="text.secondary" sx={{ display: 'block', letterSpacing: 2 }}>
          Error {code}
        </Typography>
        <Typography component="h1" variant="h4" sx={{ mb: 1.5, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="timer" aria-live="off" sx={{ mb: 2 }}>
          {countdownText(secondsLeft)}
        </Typography>
        <Button variant="contained" size="large" onClick={goHome}>
          {TEXT.goBackHome}
        </Button>
      </Paper>
    </CenteredPage>
  );
}
