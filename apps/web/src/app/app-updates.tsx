import { TEXT } from '@ichat/shared';
import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';
import { PlainButton } from '../lib/plain-ui/plain-ui';

/**
 * Registers the service worker (docs/DESIGN.md, "The installed app") and picks up a new version:
 * the browser checks sw.js when the app opens and whenever it comes back to the front; a new
 * worker takes over at once (skipWaiting), and the page, still running the old code, offers a
 * reload rather than losing what is being typed. Drawn without MUI (lib/plain-ui): it is
 * mounted on every page, the login page too, and a new version's code cannot lazy-load the
 * old version's MUI chunks any more.
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

  if (!isUpdateReady) return null;
  return (
    <div role="alert" className="plain-toast">
      <span>{TEXT.newVersionReady}</span>
      <PlainButton variant="text" onClick={() => window.location.reload()}>
        {TEXT.newVersionReload}
      </PlainButton>
    </div>
  );
}
