import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface WithdrawDialogProps {
  isOpen: boolean;
  referenceId: string;
  isSubmitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asks before a requester takes back a pending request: it cannot be undone, and its
 * approvers are told (docs/DECISIONS.md, "Administration").
 */
export function WithdrawDialog({ isOpen, referenceId, isSubmitting, onCancel, onConfirm }: WithdrawDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={isSubmitting ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Withdraw this request?</DialogTitle>
      <DialogContent id={textId}>
        <DialogContentText sx={{ mb: 1 }}>{referenceId}</DialogContentText>
        <DialogContentText>Its approvers will be told.</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* The safe choice has the focus, so Enter alone never withdraws. */}
        <Button onClick={onCancel} disabled={isSubmitting} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} loading={isSubmitting}>
          Withdraw
        </Button>
      </DialogActions>
    </Dialog>
  );
}
