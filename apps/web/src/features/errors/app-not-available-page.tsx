import PhonelinkOffIcon from '@mui/icons-material/PhonelinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../lib/centered-page';

/**
 * Where "Download for Android" and "Download for iOS" lead while no app package has been
 * put in place (docs/OPERATIONS.md, "Mobile app downloads"): a page that says so, instead
 * of a 404 that reads like a broken link.
 */
export function AppNotAvailablePage() {
  return (
    <CenteredPage>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}>
        <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }}>
          <PhonelinkOffIcon />
        </Box>
        <Typography component="h1" variant="h4" sx={{ mb: 1.5, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          The app is not available yet
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The mobile app has not been published for this company yet. Until it is, open Internal Chat in your phone’s
          browser: everything works there. Your IT team will say when the app can be installed.
        </Typography>
        <Button variant="contained" size="large" component={RouterLink} to="/">
          Open Internal Chat
        </Button>
      </Paper>
    </CenteredPage>
  );
}
