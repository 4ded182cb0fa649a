import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';

export type VoteChoice = 'approved' | 'denied';

interface VoteDialogProps {
  choice: VoteChoice | null;
  referenceId: string;
  /** The approver whose seat a stand-in votes in; null for one's own vote. */
  onBehalfOf: string | null;
  isSubmitting: boolean;
  onCancel: () => void;
  onSubmit: (comment: string) => void;
}

/** Confirms a vote; a denial needs a reason, an approval may carry a comment (001 §4; docs/DECISIONS.md, "Requests and approvals"). */
export function VoteDialog({ choice, referenceId, onBehalfOf, isSubmitting, onCancel, onSubmit }: VoteDialogProps) {
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const isDeny = choice === 'denied';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (isDeny && comment.trim() === '') {
      setIsReasonMissing(true);
      return;
    }
    onSubmit(comment.trim());
  };

  return (
    <Dialog
      open={choice !== null}
      onClose={isSubmitting ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" onSubmit={handleSubmit} noValidate>
      <DialogTitle id={titleId}>{isDeny ? 'Deny this request?' : 'Approve this request?'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{referenceId}</DialogContentText>
        {onBehalfOf ? (
          // A stand-in's vote fills the approver's seat (docs/DECISIONS.md, "Administration").
          <DialogContentText sx={{ mb: 2 }}>Your vote is cast for {onBehalfOf}, as their stand-in.</DialogContentText>
        ) : null}
        <TextField
          label={isDeny ? 'Reason for denial' : 'Comment (optional)'}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            if (event.target.value.trim()) setIsReasonMissing(false);
          }}
          required={isDeny}
          error={isReasonMissing}
          helperText={isReasonMissing ? 'Please give a reason for the denial.' : ' '}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color={isDeny ? 'error' : 'success'} loading={isSubmitting}>
          {isDeny ? 'Deny' : 'Approve'}
        </Button>
      </DialogActions>
      </Box>
    </Dialog>
  );
}
