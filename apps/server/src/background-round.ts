/**
 * Work the server does on its own (approval reminders, retention), started by main.ts: a
 * round now and then one every `intervalMs` until stopped. A failed round is reported and
 * the next one tries again; the timer never keeps a stopping process alive.
 */
export const repeatRound = (round: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): (() => void) => {
  const run = () => {
    round().catch(onError);
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
};
