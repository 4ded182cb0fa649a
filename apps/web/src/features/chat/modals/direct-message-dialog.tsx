import { TEXT } from '@ichat/shared';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useErefDialog } from '../../../lib/eref-dialog';
import { useDirectMessageMutation } from '../api/mutations';
import { useReportError } from '../../../lib/use-report-error';
import { formDialog, FormDialogForm, type FormDialogChildProps } from './form-dialog';
import { UserPicker, type PickableUser } from './user-picker';

/** Direct message (000 §2 Modals): To recipients, Message, Send Message; then 'Message sent!'. */
export const DirectMessageDialog = formDialog(
  // The person reads 'Message sent!' first, then lands in the conversation (000 §8).
  { title: 'New Message', maxWidth: 'sm', fallbackNotice: TEXT.messageSent },
  DirectMessageForm,
);

function DirectMessageForm({ onCancel, onDone }: FormDialogChildProps) {
  const send = useDirectMessageMutation();
  const report = useReportError();
  const { show } = useErefDialog();
  const [recipients, setRecipients] = useState<PickableUser[]>([]);
  const [message, setMessage] = useState('');

  const submit = () => {
    if (message.trim() === '' || recipients.length === 0) {
      show('DIRECT_TO_MESSAGE_REQUIRED_FIELDS');
      return;
    }
    send.mutate(
      { recipients: recipients.map((recipient) => recipient.id), message },
      {
        onSuccess: (response) => onDone(response.message, response.conversation_id),
        onError: (error) => report('DIRECT_TO_MESSAGE_ERROR', error),
      },
    );
  };

  return (
    <FormDialogForm onSubmit={submit} onCancel={onCancel} submitLabel="Send Message" isPending={send.isPending} startsWithTextField>
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
    </FormDialogForm>
  );
}
