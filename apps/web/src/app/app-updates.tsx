import { TEXT } from '@ichat/shared';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (docs/DESIGN.md, "The installed app") and picks up a new version:
 * the browser checks sw.js when the app opens and whenever it comes back to the front; a new
 * worker takes over at once (skipWaiting), and the page, still running the old code, offers a
 * reload rather than losing what is being typed.
 */
export function AppUpdates() {
  const [isUpdateReady, setIsUpdateReady] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const workbox = new Workbox('/sw.js', { scope: '/' });
    workbox.addEventListener('controlling', (event) => {
      if (event.isUpdate) setIsUpdateReady(true);
    });
    void workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered.', error));
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, []);

  return (
    <Snackbar
      open={isUpdateReady}
      message={TEXT.newVersionReady}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {TEXT.newVersionReload}
        </Button>
      }
    />
  );
}
