import Alert from '@mui/material/Alert';
import { useCallback, useMemo, useState } from 'react';
import { isUnauthorized } from './api-client';

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/**
 * The outcome of an action taken in place (retire a value, save a chain, unlock someone):
 * the server's sentence above the screen's content, until the next action or its close
 * button. Success is announced politely; a refusal at once.
 */
export function ScreenNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      severity={notice.severity}
      role={notice.severity === 'success' ? 'status' : 'alert'}
      onClose={onClose}
      sx={{ mb: 2 }}
      data-testid="screen-notice"
    >
      {notice.text}
    </Alert>
  );
}

export const useScreenNotice = () => {
  const [notice, setNotice] = useState<Notice | null>(null);
  const showSuccess = useCallback((text: string) => setNotice({ severity: 'success', text }), []);
  // A 401 already ended the session and left for /login.
  const showError = useCallback((error: unknown) => {
    if (isUnauthorized(error)) return;
    setNotice({ severity: 'error', text: error instanceof Error ? error.message : String(error) });
  }, []);
  const clear = useCallback(() => setNotice(null), []);
  return useMemo(() => ({ notice, showSuccess, showError, clear }), [notice, showSuccess, showError, clear]);
};
