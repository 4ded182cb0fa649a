import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type ReactNode, type SubmitEvent } from 'react';
import { FormDialogActions } from '../../../lib/form-dialog-actions';

interface AdminDialogProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  /** Omitted for a dialog that only shows something (an answered password): it offers Done. */
  submitLabel?: string;
  onSubmit?: () => void;
  isPending?: boolean;
  /** Why the form cannot be sent, or the server's refusal, shown above the fields. */
  problem?: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/**
 * The admin area's form dialogs: the fields in a form, the refusal above them in the API's
 * own words, Cancel and the action below; full screen on a phone.
 */
export function AdminDialog({ isOpen, title, onClose, submitLabel, onSubmit, isPending = false, problem, maxWidth = 'sm', children }: AdminDialogProps) {
  const titleId = useId();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPending) onSubmit?.();
  };
  return (
    // A long form takes the whole phone screen; a short one stays a dialog over the page.
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} fullScreen={isPhone && maxWidth !== 'xs'}>
      <form noValidate onSubmit={handleSubmit} style={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <Stack spacing={2}>
            {problem ? <Alert severity="error">{problem}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        {submitLabel ? (
          <FormDialogActions onCancel={onClose} submitLabel={submitLabel} isPending={isPending} />
        ) : (
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} variant="contained">
              Done
            </Button>
          </DialogActions>
        )}
      </form>
    </Dialog>
  );
}
