import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

interface FormDialogActionsProps {
  onCancel: () => void;
  /** The submit button's words: what it does ("Save", "Update Password"). */
  submitLabel: string;
  isPending: boolean;
}

/** Cancel and the submit button at the foot of a dialog that holds a form. */
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
