import { useEffect, useRef, useState } from 'react';

export const countdownText = (secondsLeft: number): string =>
  `Returning home in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}`;

/** Whole seconds left until `deadline`, never below zero. */
export const secondsUntil = (deadline: number, now: number): number => Math.max(0, Math.ceil((deadline - now) / 1000));

/**
 * Counts down from `seconds` and calls `onDone` once at zero. It measures against a fixed
 * deadline rather than chaining one-second timers, so a throttled background tab or a slow
 * render never stretches the wait.
 */
export const useCountdown = (seconds: number, onDone: () => void): number => {
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  const onDoneRef = useRef(onDone);

  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const left = secondsUntil(deadline, Date.now());
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timer);
        onDoneRef.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);

  return secondsLeft;
};
