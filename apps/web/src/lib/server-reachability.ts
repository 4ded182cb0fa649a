/**
 * Whether the server answers (issue 19): a call that got no answer, or a live socket that lost
 * its transport, makes the page ask /healthz; while that fails the app shows its offline screen
 * (never a browser error page) and asks again every few seconds, until it answers.
 */
import { systemRoutes } from '@ichat/shared';
import { useSyncExternalStore } from 'react';

const RETRY_MS = 5_000;

let isOffline = false;
let isChecking = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

const tell = () => {
  for (const listener of listeners) listener();
};

const answers = async (): Promise<boolean> => {
  try {
    const response = await fetch(systemRoutes.health.path, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
};

/** Asks the server now; answers whether it is reachable. */
export const checkServer = async (): Promise<boolean> => {
  if (isChecking) return !isOffline;
  isChecking = true;
  clearTimeout(retryTimer);
  tell();
  const isReachable = await answers();
  isChecking = false;
  isOffline = !isReachable;
  if (!isReachable) retryTimer = setTimeout(() => void checkServer(), RETRY_MS);
  tell();
  return isReachable;
};

/** Something suggests the server is gone (no answer to a call, the socket's transport closed). */
export const suspectServerLost = () => {
  if (!isChecking) void checkServer();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export interface Reachability {
  isOffline: boolean;
  isChecking: boolean;
}

let snapshot: Reachability = { isOffline, isChecking };
const readSnapshot = (): Reachability => {
  if (snapshot.isOffline !== isOffline || snapshot.isChecking !== isChecking) snapshot = { isOffline, isChecking };
  return snapshot;
};

export const useReachability = (): Reachability => useSyncExternalStore(subscribe, readSnapshot);
