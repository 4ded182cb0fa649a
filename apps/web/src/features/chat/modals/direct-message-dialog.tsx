import { MESSAGE_MAX_LENGTH, TEXT } from '@ichat/shared';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { isInputRefusal } from '../../../lib/api-client';
import { lengthCounter, lengthProblem } from '../../../lib/text-limit';
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

/** What each field says when it is missing (both are required, 000 §5). */
export const NO_RECIPIENT = 'Choose at least one person to send to.';

/**
 * Both fields are required; what is missing or too long is said at its field, and the first
 * gets the focus, instead of the EREF dialog (issue 17). The server's refusal of the input
 * is said under the message; the dialog stays for what the person cannot fix.
 */
function DirectMessageForm({ onCancel, onDone }: FormDialogChildProps) {
  const send = useDirectMessageMutation();
  const report = useReportError();
  const [recipients, setRecipients] = useState<PickableUser[]>([]);
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<{ to?: string; message?: string }>({});
  const toRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const messageProblem = lengthProblem(message, MESSAGE_MAX_LENGTH) ?? problems.message;

  const submit = () => {
    const found = {
      ...(recipients.length === 0 ? { to: NO_RECIPIENT } : {}),
      ...(message.trim() === '' ? { message: TEXT.emptyMessage } : {}),
    };
    setProblems(found);
    if (found.to !== undefined) toRef.current?.focus();
    else if (found.message !== undefined || messageProblem !== undefined) messageRef.current?.focus();
    if (found.to !== undefined || found.message !== undefined || messageProblem !== undefined) return;
    send.mutate(
      { recipients: recipients.map((recipient) => recipient.id), message },
      {
        onSuccess: (response) => onDone(response.message, response.conversation_id),
        onError: (error) => (isInputRefusal(error) ? setProblems({ message: error.message }) : report('DIRECT_TO_MESSAGE_ERROR', error)),
      },
    );
  };

  const counter = lengthCounter(message, MESSAGE_MAX_LENGTH);
  return (
    <FormDialogForm onSubmit={submit} onCancel={onCancel} submitLabel="Send Message" isPending={send.isPending} startsWithTextField>
      <UserPicker
        label="To"
        value={recipients}
        onChange={(picked) => {
          setRecipients(picked);
          setProblems(({ to: _to, ...rest }) => rest);
        }}
        isDisabled={send.isPending}
        autoFocus
        problem={problems.to}
        inputRef={toRef}
      />
      <TextField
        label="Message"
        multiline
        minRows={3}
        maxRows={8}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          setProblems(({ message: _message, ...rest }) => rest);
        }}
        disabled={send.isPending}
        error={messageProblem !== undefined}
        helperText={[messageProblem, counter].filter(Boolean).join(' · ') || undefined}
        inputRef={messageRef}
      />
    </FormDialogForm>
  );
}
