import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** The action is running: its button shows progress and cannot be pressed twice. */
  isPending?: boolean;
  /** 'error' for an action that takes something away (deactivating a person). */
  confirmColor?: 'primary' | 'error';
}

/** A question answered with Cancel or the action, e.g. 'Pin this message?'. */
export function ConfirmDialog({
  isOpen,
  title,
  confirmLabel,
  children,
  onConfirm,
  onClose,
  isPending = false,
  confirmColor = 'primary',
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children ? (
        <DialogContent>
          <DialogContentText component="div">{children}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" color={confirmColor} loading={isPending} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
