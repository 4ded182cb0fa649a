import { TEXT } from '@ichat/shared';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../lib/logo';

interface OfflineScreenProps {
  isChecking: boolean;
  onRetry: () => void;
}

/**
 * What the app shows while the server cannot be reached (issue 19), over the page it keeps
 * underneath: the installed app opened offline, or an open app that lost the server. It
 * retries on its own; the button asks at once.
 */
export function OfflineScreen({ isChecking, onRetry }: OfflineScreenProps) {
  return (
    <Box
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-heading"
      aria-describedby="offline-text"
      data-testid="offline-screen"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <LogoMark height={40} />
          <CloudOffOutlinedIcon color="disabled" sx={{ fontSize: 40 }} />
        </Box>
        <Typography id="offline-heading" component="h1" variant="h5" sx={{ mb: 1.5 }}>
          {TEXT.offlineHeading}
        </Typography>
        <Typography id="offline-text" color="text.secondary" sx={{ mb: 3 }}>
          {TEXT.offlineText}
        </Typography>
        <Button variant="contained" size="large" onClick={onRetry} disabled={isChecking} autoFocus>
          {isChecking ? TEXT.offlineChecking : TEXT.offlineRetry}
        </Button>
      </Paper>
    </Box>
  );
}
