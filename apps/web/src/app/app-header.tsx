import { TEXT } from '@ichat/shared';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { NotificationBell } from '../features/notifications';
import { AccountMenu } from './account-menu';
import { currentDestination, HeaderDestinations } from './header-destinations';
import { LogoFull, LogoMark } from '../lib/logo';

export function AppHeader() {
  const { pathname, search } = useLocation();
  // The title is the chat's destination (issue 17): marked as the current page there.
  const isInChat = currentDestination(pathname, search) === 'chat';
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1, lg: 2 }, px: { xs: 1, sm: 2 }, minHeight: { xs: 60, lg: 68 } }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label={`${TEXT.appTitle} home`}
          aria-current={isInChat ? 'page' : undefined}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none' }}
        >
          <Box data-testid="logo-full" sx={{ display: { xs: 'none', lg: 'flex' } }}>
            <LogoFull height={40} />
          </Box>
          <Box data-testid="logo-small" sx={{ display: { xs: 'flex', lg: 'none' } }}>
            <LogoMark height={36} />
          </Box>
          <Divider orientation="vertical" flexItem sx={{ my: 1.5, display: { xs: 'none', lg: 'block' } }} />
          {/* The logo's word and the title read as two words ('Internal Chat'), as the link's
              name says; a flex container does not render this space. */}{' '}
          <Typography component="span" variant="h6" color="primary" sx={{ fontWeight: 500, lineHeight: 1 }}>
            {TEXT.headerTitle}
          </Typography>
        </Box>
        <HeaderDestinations />
        <Box sx={{ flex: 1 }} />
        <NotificationBell />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
