/**
 * The live socket's lifecycle (000 §4): one socket per signed-in person, connected once the
 * person is known and closed when the signed-in frame unmounts (logout, ended session). It
 * announces the person online and pings after the 'OK', tells the server whether the tab is
 * visible (on connect and on every change), reconnects when the tab comes back,
 * reloads the page when the socket stays down, and ends the session on the server's
 * `logout`. Transport only: features subscribe to the events they care about through
 * live-context.ts, and catch up after a reconnect when it tells them to.
 */
import {
  CONNECTION_CHECK_MS,
  PRESENCE_PING_DELAY_MS,
  PRESENCE_PING_MS,
  routes,
  SOCKET_TIMEOUT_MS,
  TEXT,
  type ServerEventPayload,
} from '@ichat/shared';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NoticeDialog } from '../../lib/notice-dialog';
import { callApi, isUnauthorized, routeUrl } from '../../lib/api-client';
import { suspectServerLost } from '../../lib/server-reachability';
import { endSession, getStoredUser, getToken, hasSession, type StoredUser } from '../../lib/session';
import { LiveConnectionContext, parseServerEvent, type LiveConnection } from './live-context';
import { nextConnectionCheck } from './live-rules';
import { createLiveSocket, isUnauthorizedConnectError, listenTo } from './socket-client';

/** How long a `logout` event waits before checking the token (see handleLogout). */
const LOGOUT_CHECK_DELAY_MS = 500;

/** Whether the server answers at all: a reload while it is down would leave a browser error page. */
const isServerReachable = async (): Promise<boolean> => {
  try {
    const response = await fetch(routeUrl(routes.system.health), { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
};

export function LiveSocketProvider({ children }: { children: ReactNode }) {
  const [user] = useState(getStoredUser);
  if (!user) return children;
  return <ConnectedLive user={user}>{children}</ConnectedLive>;
}

function ConnectedLive({ user, children }: { user: StoredUser; children: ReactNode }) {
  const [socket] = useState(createLiveSocket);
  const [connection, setConnection] = useState({ epoch: 0, isConnected: false });
  // The sentence outlives the open flag so the text stays while the dialog fades out.
  const [problem, setProblem] = useState('');
  const [isProblemOpen, setIsProblemOpen] = useState(false);
  const showProblem = useCallback((text: string) => {
    setProblem(text);
    setIsProblemOpen(true);
  }, []);

  useEffect(() => {
    let pingDelay: number | undefined;
    let pingTimer: number | undefined;
    const stopPings = () => {
      window.clearTimeout(pingDelay);
      window.clearInterval(pingTimer);
    };
    const ping = () => socket.emit('user_online_ping_pong', { userId: user.id });

    const handleConnect = () => {
      setConnection((current) => ({ epoch: current.epoch + 1, isConnected: true }));
      // The server pushes nothing to a person while a tab of theirs says it is visible.
      socket.emit('visibility', { visible: document.visibilityState === 'visible' });
      socket
        .timeout(SOCKET_TIMEOUT_MS)
        .emitWithAck('user_online', { userId: user.id, name: user.display_name })
        .then(
          (answer) => {
            if (answer !== 'OK' || !socket.connected) return;
            stopPings();
            pingDelay = window.setTimeout(() => {
              ping();
              pingTimer = window.setInterval(ping, PRESENCE_PING_MS);
            }, PRESENCE_PING_DELAY_MS);
          },
          // No answer in time: no pings on this connection; the next connection announces again.
          () => undefined,
        );
    };
    const handleDisconnect = (reason: string) => {
      // A dropped transport may be the server gone: the page then shows its offline screen.
      if (reason === 'transport close' || reason === 'transport error' || reason === 'ping timeout') suspectServerLost();
      stopPings();
      setConnection((current) => ({ ...current, isConnected: false }));
    };
    const handleConnectError = (error: Error) => {
      if (isUnauthorizedConnectError(error) && hasSession()) endSession('revoked');
    };
    // `logout` reaches every socket of the person, also this tab's after its own password
    // change, which already holds the new token. So the server is asked whether the token
    // in the cookie still works, once the change's own answer has had time to store it.
    let logoutCheck: number | undefined;
    const handleLogout = (payload: unknown) => {
      const { reason } = parseServerEvent('logout', payload) ?? ({ reason: 'logout' } satisfies ServerEventPayload<'logout'>);
      window.clearTimeout(logoutCheck);
      logoutCheck = window.setTimeout(() => {
        const token = getToken();
        if (!token) return;
        callApi(routes.accounts.me, { isSessionCall: false }).then(
          () => {
            if (!socket.connected) socket.connect();
          },
          (error: unknown) => {
            if (isUnauthorized(error) && getToken() === token) endSession(reason === 'logout' ? 'logout' : 'revoked');
          },
        );
      }, LOGOUT_CHECK_DELAY_MS);
    };

    const stopListening = listenTo(socket, {
      connect: handleConnect,
      disconnect: handleDisconnect,
      connect_error: handleConnectError,
      logout: handleLogout,
    });
    socket.connect();
    return () => {
      stopPings();
      window.clearTimeout(logoutCheck);
      stopListening();
      // Leaving the signed-in frame without a session is a logout: say so before closing.
      if (!hasSession() && socket.connected) socket.emit('logout');
      socket.disconnect();
    };
  }, [socket, user]);

  // Back to the tab: reconnect at once rather than at the next backoff step. Every change is
  // told to the server, which pushes only while no tab of the person is visible (issue 19).
  useEffect(() => {
    const handleVisibility = () => {
      const visible = document.visibilityState === 'visible';
      if (socket.connected) socket.emit('visibility', { visible });
      else if (visible) socket.connect();
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, [socket]);

  useEffect(() => {
    let failedChecks = 0;
    let isReloading = false;
    const timer = window.setInterval(() => {
      if (isReloading) return;
      const check = nextConnectionCheck(failedChecks, {
        isConnected: socket.connected,
        isOnline: navigator.onLine,
        isVisible: document.visibilityState === 'visible',
      });
      failedChecks = check.failedChecks;
      if (check.action === 'reconnect' && !socket.active) socket.connect();
      if (check.action !== 'reload') return;
      isReloading = true;
      void isServerReachable().then((isReachable) => {
        if (isReachable && !socket.connected && hasSession()) window.location.reload();
        else isReloading = false;
      });
    }, CONNECTION_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [socket]);

  const live = useMemo<LiveConnection>(
    () => ({ socket, user, epoch: connection.epoch, isConnected: connection.isConnected, showProblem }),
    [socket, user, connection, showProblem],
  );

  return (
    <LiveConnectionContext value={live}>
      {children}
      <NoticeDialog isOpen={isProblemOpen} title={TEXT.errorDialogTitle} onClose={() => setIsProblemOpen(false)} text={problem} />
    </LiveConnectionContext>
  );
}
