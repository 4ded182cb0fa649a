import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { lengthCounter, lengthProblem } from '../../../lib/text-limit';

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

/** What the server takes in a vote's comment (voteBodySchema). */
const COMMENT_MAX_LENGTH = 1000;

/** Confirms a vote; a denial needs a reason, an approval may carry a comment (001 §4; docs/DECISIONS.md, "Requests and approvals"). */
export function VoteDialog({ choice, referenceId, onBehalfOf, isSubmitting, onCancel, onSubmit }: VoteDialogProps) {
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [isReasonMissing, setIsReasonMissing] = useState(false);
  const isDeny = choice === 'denied';
  // Nothing is cut silently: past the server's 1 000 characters the field says so (issue 17).
  const tooLong = lengthProblem(comment, COMMENT_MAX_LENGTH);
  const counter = lengthCounter(comment, COMMENT_MAX_LENGTH);
  const problem = tooLong ?? (isReasonMissing ? 'Please give a reason for the denial.' : undefined);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (isDeny && comment.trim() === '') {
      setIsReasonMissing(true);
      return;
    }
    if (tooLong !== undefined) return;
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
          error={problem !== undefined}
          helperText={[problem, counter].filter(Boolean).join(' · ') || ' '}
          multiline
          minRows={3}
          fullWidth
          autoFocus
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
