import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { ChatLiveSync } from '../features/chat';
import { LiveSocketProvider } from '../features/live';
import { PresenceProvider } from '../features/presence';
import { restorePushSubscription } from '../features/profile';
import { AppHeader } from './app-header';

/**
 * The signed-in frame: header on top, the page fills the rest of the window; one live
 * socket for all of it, with presence and chat's private-room updates kept while signed in.
 */
export function AppLayout() {
  // Signing out dropped this browser's subscription on the server: it is stored again for whoever is signed in.
  useEffect(() => {
    restorePushSubscription().catch((error: unknown) => console.warn('The push subscription could not be restored.', error));
  }, []);
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
