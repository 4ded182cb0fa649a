import { useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after it last changed: a search box asks once the typing
 * pauses, and the ePR's cost and total follow the spec's delays (001 §9: cost after 1 s,
 * total 0.5 s later).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
