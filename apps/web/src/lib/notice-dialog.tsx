import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface NoticeDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
}

/** A message the person acknowledges with OK: the spec's alert dialogs. */
export function NoticeDialog({ isOpen, title, children, onClose }: NoticeDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={textId}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function NoticeText({ children }: { children: ReactNode }) {
  return <DialogContentText sx={{ '& + &': { mt: 1.5 } }}>{children}</DialogContentText>;
}
