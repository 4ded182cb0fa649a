import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface NoticeDialogProps {
  isOpen: boolean;
  title: string;
  /** The message, or its paragraphs; empty ones are left out. */
  text: string | readonly (string | null | undefined)[];
  onClose: () => void;
}

/** A message the person acknowledges with OK: the spec's alert dialogs. */
export function NoticeDialog({ isOpen, title, text, onClose }: NoticeDialogProps) {
  const paragraphs = (typeof text === 'string' ? [text] : text).filter((paragraph): paragraph is string => Boolean(paragraph));
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
      <DialogContent id={textId}>
        {paragraphs.map((paragraph, index) => (
          <DialogContentText key={index} sx={{ '& + &': { mt: 1.5 } }}>
            {paragraph}
          </DialogContentText>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
