/** Small decisions of the live connection, kept pure so they are tested without a browser. */

/**
 * The connection check (000 §4: "a check every 5 s reloads the page if the socket is not
 * connected"). One check that finds the socket down only asks it to connect again; a reload
 * comes at the second consecutive one, and never while the browser is offline or the tab
 * is hidden, so an ordinary reconnect (1–5 s) never reloads the page.
 */
export const RELOAD_AFTER_FAILED_CHECKS = 2;

export type CheckAction = 'none' | 'reconnect' | 'reload';

export interface ConnectionFacts {
  isConnected: boolean;
  isOnline: boolean;
  isVisible: boolean;
}

export const nextConnectionCheck = (
  failedChecks: number,
  facts: ConnectionFacts,
): { failedChecks: number; action: CheckAction } => {
  if (facts.isConnected || !facts.isOnline) return { failedChecks: 0, action: 'none' };
  const failed = failedChecks + 1;
  if (failed >= RELOAD_AFTER_FAILED_CHECKS && facts.isVisible) return { failedChecks: failed, action: 'reload' };
  return { failedChecks: failed, action: 'reconnect' };
};
