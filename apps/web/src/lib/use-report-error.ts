import type { ErefKey } from '@ichat/shared';
import { useCallback, useEffect } from 'react';
import { isUnauthorized } from './api-client';
import { useErefDialog } from './eref-dialog';

/**
 * Reports a failed call with its EREF code. A 401 already ended the session and left for
 * /login, so it shows nothing.
 */
export const useReportError = () => {
  const { show } = useErefDialog();
  return useCallback(
    (key: ErefKey, error: unknown) => {
      if (isUnauthorized(error)) return;
      show(key, error instanceof Error ? error.message : undefined);
    },
    [show],
  );
};

/** Shows the dialog once per failure of a query (each failed attempt has its own time). */
export const useQueryErrorReport = (key: ErefKey, error: unknown, errorUpdatedAt: number) => {
  const report = useReportError();
  useEffect(() => {
    if (error) report(key, error);
  }, [key, error, errorUpdatedAt, report]);
};
