import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { LiveSocketProvider } from '../features/live/live-socket-provider';
import { AppHeader } from './app-header';

/** The signed-in frame: header on top, the page fills the rest of the window; one live socket for all of it. */
export function AppLayout() {
  return (
    <LiveSocketProvider>
      <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <AppHeader />
        <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </LiveSocketProvider>
  );
}
