import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { ChatLiveSync } from '../features/chat';
import { LiveSocketProvider } from '../features/live';
import { PresenceProvider } from '../features/presence';
import { AppHeader } from './app-header';

/**
 * The signed-in frame: header on top, the page fills the rest of the window; one live
 * socket for all of it, with presence and chat's private-room updates kept while signed in.
 */
export function AppLayout() {
  return (
    <LiveSocketProvider>
      <PresenceProvider>
        <ChatLiveSync />
        <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
          <AppHeader />
          <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
            <Outlet />
          </Box>
        </Box>
      </PresenceProvider>
    </LiveSocketProvider>
  );
}
