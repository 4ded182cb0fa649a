import CloseIcon from '@mui/icons-material/Close';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

interface ClosableDialogTitleProps {
  /** The id the dialog's aria-labelledby points at. */
  id: string;
  children: ReactNode;
  onClose: () => void;
  /** The close button's accessible name. */
  closeLabel?: string;
}

/** A dialog's title with the close (×) button in its corner, clear of the text. */
export function ClosableDialogTitle({ id, children, onClose, closeLabel = 'Close' }: ClosableDialogTitleProps) {
  return (
    <>
      <DialogTitle id={id} sx={{ pr: 7 }}>
        {children}
      </DialogTitle>
      <IconButton aria-label={closeLabel} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
    </>
  );
}
