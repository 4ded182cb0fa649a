import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import { NoticeDialog, NoticeText } from '../../../lib/notice-dialog';
import { useFormDialogNotice } from './use-form-dialog-notice';

/** Called by the form once it has done its work: the server's sentence, and the conversation to open, if any. */
export type FinishForm = (message: string, conversationId?: number | null) => void;

interface FormDialogProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  maxWidth: 'xs' | 'sm';
  /** The notice's text while it fades out. */
  fallbackNotice: string;
  /** The form (DialogContent and FormDialogActions inside a <form>), given what to call when done. */
  children: (finish: FinishForm) => ReactNode;
}

/**
 * The chat's form dialogs (create group, direct message, group settings) close on success and
 * then confirm it in a separate notice, so the notice stays up after the form is gone; the
 * resulting conversation opens only once the notice is read (use-form-dialog-notice.ts).
 */
export function FormDialog({ isOpen, title, onClose, maxWidth, fallbackNotice, children }: FormDialogProps) {
  const titleId = useId();
  const { notice, finish, handleNoticeClosed } = useFormDialogNotice(onClose);
  return (
    <>
      <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children(finish)}
      </Dialog>
      <NoticeDialog isOpen={notice !== null} title="Success" onClose={handleNoticeClosed}>
        <NoticeText>{notice ?? fallbackNotice}</NoticeText>
      </NoticeDialog>
    </>
  );
}

interface FormDialogActionsProps {
  onCancel: () => void;
  submitLabel: string;
  isPending: boolean;
}

/** Cancel and the form's submit button, which shows progress while the request runs. */
export function FormDialogActions({ onCancel, submitLabel, isPending }: FormDialogActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} color="inherit">
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={isPending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

interface ConversationNameFieldProps {
  value: string;
  onChange: (name: string) => void;
  isMissing: boolean;
  autoFocus?: boolean;
}

/** The required group name; the blank helper text keeps the layout still when the error appears. */
export function ConversationNameField({ value, onChange, isMissing, autoFocus = false }: ConversationNameFieldProps) {
  return (
    <TextField
      label="Conversation Name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={isMissing}
      helperText={isMissing ? 'Conversation name is required.' : ' '}
      autoFocus={autoFocus}
    />
  );
}
