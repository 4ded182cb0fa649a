/**
 * The one error dialog of the product (000 §8): every failing call shows 'Something went
 * wrong', the server's message when there is one, and the EREF code support looks up.
 */
import { EREF_RELOADS_PAGE, erefLine, TEXT, type ErefKey } from '@ichat/shared';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { NoticeDialog } from './notice-dialog';

interface ErefDialogApi {
  show: (key: ErefKey, serverMessage?: string) => void;
}

interface ShownError {
  key: ErefKey;
  serverMessage?: string;
}

const ErefDialogContext = createContext<ErefDialogApi | null>(null);

export function ErefDialogProvider({ children }: { children: ReactNode }) {
  // The error stays after closing so the text does not vanish while the dialog fades out.
  const [error, setError] = useState<ShownError | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  const show = useCallback((key: ErefKey, serverMessage?: string) => {
    setError({ key, serverMessage });
    setIsOpen(true);
  }, []);

  const handleClose = () => {
    setIsOpen(false);
    if (error && EREF_RELOADS_PAGE.includes(error.key)) window.location.reload();
  };

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ErefDialogContext value={api}>
      {children}
      <NoticeDialog isOpen={isOpen} title={TEXT.errorDialogTitle} onClose={handleClose} text={[error?.serverMessage, error ? erefLine(error.key) : null]} />
    </ErefDialogContext>
  );
}

export const useErefDialog = (): ErefDialogApi => {
  const api = useContext(ErefDialogContext);
  if (!api) throw new Error('useErefDialog must be used inside <ErefDialogProvider>.');
  return api;
};
