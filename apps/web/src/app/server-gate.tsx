import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { OfflineScreen } from '../features/errors';
import { checkServer, useReachability } from '../lib/server-reachability';

/**
 * The offline screen over the app while the server does not answer (issue 19). The page under
 * it stays as it was; when the server answers again every query is read afresh.
 */
export function ServerGate({ children }: { children: ReactNode }) {
  const { isOffline, isChecking } = useReachability();
  const queryClient = useQueryClient();
  const wasOffline = useRef(false);

  // The installed app may have opened from the cache with the server down.
  useEffect(() => {
    void checkServer();
  }, []);

  useEffect(() => {
    if (wasOffline.current && !isOffline) void queryClient.invalidateQueries();
    wasOffline.current = isOffline;
  }, [isOffline, queryClient]);

  return (
    <>
      {children}
      {isOffline ? <OfflineScreen isChecking={isChecking} onRetry={() => void checkServer()} /> : null}
    </>
  );
}
