import { useSyncExternalStore } from 'react';

/** How often relative presence times ('Last online 5m ago') move on while shown. */
const CLOCK_TICK_MS = 30_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // One interval for the whole page, however many times are on screen.
  timer ??= setInterval(() => {
    now = Date.now();
    for (const notify of listeners) notify();
  }, CLOCK_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

/** Stable between ticks (React asks for it often), but never older than one tick. */
const snapshot = () => {
  const time = Date.now();
  if (time - now >= CLOCK_TICK_MS) now = time;
  return now;
};

/** The current time, re-read every 30 s, for labels relative to now. */
export const useClock = (): number => useSyncExternalStore(subscribe, snapshot);
