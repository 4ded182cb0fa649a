import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { ChangePasswordFields, useChangePasswordForm } from './change-password-fields';
import { FormDialogActions } from '../../lib/form-dialog-actions';

interface ChangePasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The server's confirmation, shown by the caller in the 'Success' dialog. */
  onChanged: (message: string) => void;
}

export function ChangePasswordDialog({ isOpen, onClose, onChanged }: ChangePasswordDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Change Password</DialogTitle>
      {/* The dialog unmounts its content once closed, so every opening starts empty. */}
      <ChangePasswordForm onCancel={onClose} onChanged={onChanged} />
    </Dialog>
  );
}

function ChangePasswordForm({ onCancel, onChanged }: { onCancel: () => void; onChanged: (message: string) => void }) {
  const form = useChangePasswordForm(onChanged);
  return (
    <form noValidate onSubmit={form.handleSubmit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <ChangePasswordFields form={form} oldPasswordLabel="Old Password" />
      </DialogContent>
      <FormDialogActions onCancel={onCancel} submitLabel="Update Password" isPending={form.isPending} />
    </form>
  );
}
