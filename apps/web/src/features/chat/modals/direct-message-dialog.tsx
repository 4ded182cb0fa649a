import { TEXT } from '@ichat/shared';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type SubmitEvent } from 'react';
import { useErefDialog } from '../../../lib/eref-dialog';
import { useDirectMessageMutation } from '../api/mutations';
import { useReportError } from '../../../lib/use-report-error';
import { FormDialog, FormDialogActions } from './form-dialog';
import { UserPicker, type PickableUser } from './user-picker';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Direct message (000 §2 Modals): To recipients, Message, Send Message; then 'Message sent!'. */
export function DirectMessageDialog({ isOpen, onClose }: DialogProps) {
  // The person reads 'Message sent!' first, then lands in the conversation (000 §8).
  return (
    <FormDialog
      isOpen={isOpen}
      title="New Message"
      onClose={onClose}
      maxWidth="sm"
      fallbackNotice={TEXT.messageSent}
    >
      {(finish) => <DirectMessageForm onCancel={onClose} onSent={finish} />}
    </FormDialog>
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
      <FormDialogActions onCancel={onCancel} submitLabel="Send Message" isPending={send.isPending} />
    </form>
  );
}
