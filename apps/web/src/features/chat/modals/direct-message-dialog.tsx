import { TEXT } from '@ichat/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { useErefDialog } from '../../../lib/eref-dialog';
import { NoticeDialog, NoticeText } from '../../../lib/notice-dialog';
import { useDirectMessageMutation } from '../api/mutations';
import { storeSelectedConversationId } from '../lib/storage';
import { useReportError } from '../lib/use-eref';
import { UserPicker, type PickableUser } from './user-picker';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Direct message (000 §2 Modals): To recipients, Message, Send Message; then 'Message sent!'. */
export function DirectMessageDialog({ isOpen, onClose }: DialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ message: string; conversationId: number } | null>(null);

  const handleSent = (message: string, conversationId: number) => {
    onClose();
    setSent({ message, conversationId });
  };

  // The person reads 'Message sent!' first, then lands in the conversation (000 §8).
  const handleNoticeClosed = () => {
    if (!sent) return;
    setSent(null);
    storeSelectedConversationId(sent.conversationId);
    void navigate(`/conversations/${sent.conversationId}`);
  };

  return (
    <>
      <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>New Message</DialogTitle>
        <DirectMessageForm onCancel={onClose} onSent={handleSent} />
      </Dialog>
      <NoticeDialog isOpen={sent !== null} title="Success" onClose={handleNoticeClosed}>
        <NoticeText>{sent?.message ?? TEXT.messageSent}</NoticeText>
      </NoticeDialog>
    </>
  );
}

function DirectMessageForm({ onCancel, onSent }: { onCancel: () => void; onSent: (message: string, id: number) => void }) {
  const send = useDirectMessageMutation();
  const report = useReportError();
  const { show } = useErefDialog();
  const [recipients, setRecipients] = useState<PickableUser[]>([]);
  const [message, setMessage] = useState('');

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    if (message.trim() === '' || recipients.length === 0) {
      show('DIRECT_TO_MESSAGE_REQUIRED_FIELDS');
      return;
    }
    send.mutate(
      { recipients: recipients.map((recipient) => recipient.id), message },
      {
        onSuccess: (response) => onSent(response.message || TEXT.messageSent, response.conversation_id),
        onError: (error) => report('DIRECT_TO_MESSAGE_ERROR', error),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <UserPicker label="To" value={recipients} onChange={setRecipients} isDisabled={send.isPending} autoFocus />
          <TextField
            label="Message"
            multiline
            minRows={3}
            maxRows={8}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            disabled={send.isPending}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={send.isPending}>
          Send Message
        </Button>
      </DialogActions>
    </form>
  );
}
