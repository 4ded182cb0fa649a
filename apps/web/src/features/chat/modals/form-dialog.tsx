import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, type ComponentType, type ReactNode, type SubmitEvent } from 'react';
import { NoticeDialog } from '../../../lib/notice-dialog';
import { useFormDialogNotice } from './use-form-dialog-notice';
import { FormDialogActions } from '../../../lib/form-dialog-actions';

/**
 * Called by the form once it has done its work: the server's sentence (the dialog's own
 * `fallbackNotice` when it is empty), and the conversation to open, if any.
 */
export type FinishForm = (message: string, conversationId?: number | null) => void;

/** What tells one form dialog from another, besides its form. */
interface FormDialogSetup {
  title: string;
  maxWidth: 'xs' | 'sm';
  /** The notice's text when the server sends none, and while the notice fades out. */
  fallbackNotice: string;
}

/** What the form of a form dialog is given. */
export interface FormDialogChildProps {
  onCancel: () => void;
  /** Called once the form has done its work. */
  onDone: FinishForm;
}

export interface DialogOpenProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The chat's form dialogs (create group, direct message, group settings), each made of its
 * setup and its form; the form gets the dialog's other props as well. The form lives only
 * while the dialog is open, so it starts afresh each time. On success the dialog closes and
 * confirms in a separate notice, which stays up after the form is gone; the resulting
 * conversation opens only once the notice is read (use-form-dialog-notice.ts).
 */
export function formDialog<Props extends object>(setup: FormDialogSetup, Form: ComponentType<Props & FormDialogChildProps>) {
  return function FormDialog(props: Props & DialogOpenProps) {
    const { isOpen, onClose } = props;
    const { title, maxWidth, fallbackNotice } = setup;
    const titleId = useId();
    const { notice, finish, handleNoticeClosed } = useFormDialogNotice(onClose);
    const finishWithNotice: FinishForm = (message, conversationId) => finish(message || fallbackNotice, conversationId);
    return (
      <>
        <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <Form {...props} onCancel={onClose} onDone={finishWithNotice} />
        </Dialog>
        <NoticeDialog isOpen={notice !== null} title="Success" onClose={handleNoticeClosed} text={notice ?? fallbackNotice} />
      </>
    );
  };
}

interface FormDialogFormProps {
  /** Runs on submit, unless the previous submit's request is still running. */
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  isPending: boolean;
  /**
   * The first field is a labelled text field: its label rises above the field's box and needs
   * room below the title.
   */
  startsWithTextField?: boolean;
  /** The fields, stacked. */
  children: ReactNode;
}

/** The form of a form dialog: its fields, then Cancel and the submit button, which shows progress while the request runs. */
export function FormDialogForm({ onSubmit, onCancel, submitLabel, isPending, startsWithTextField = false, children }: FormDialogFormProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    onSubmit();
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2.5} sx={startsWithTextField ? { pt: 1 } : {}}>
          {children}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onCancel} submitLabel={submitLabel} isPending={isPending} />
    </form>
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
