import { useEffect, useState } from 'react';

/** True for the first `ms` after mount: the spec's 1-second loaders of the lists and the new request form (001 §2, §9). */
export const useMinimumDelay = (ms: number): boolean => {
  const [isWaiting, setIsWaiting] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setIsWaiting(false), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return isWaiting;
};

/** Becomes true `ms` after `isReady` turns true (the dashboard loader, 001 §2). */
export const useDelayedReady = (isReady: boolean, ms: number): boolean => {
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (!isReady) return;
    const timer = window.setTimeout(() => setIsShown(true), ms);
    return () => window.clearTimeout(timer);
  }, [isReady, ms]);
  return isReady && isShown;
};
