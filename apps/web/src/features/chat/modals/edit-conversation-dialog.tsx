import { TEXT, type ConversationDetail } from '@ichat/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type SubmitEvent } from 'react';
import { NoticeDialog, NoticeText } from '../../../lib/notice-dialog';
import { useUpdateConversationMutation } from '../api/mutations';
import { useReportError } from '../lib/use-eref';
import { ConversationImagePicker } from './image-picker';

interface Props {
  conversation: ConversationDetail;
  isOpen: boolean;
  onClose: () => void;
}

/** Group Settings → edit conversation (000 §2 Modals): image, name, Save Conversation. */
export function EditConversationDialog({ conversation, isOpen, onClose }: Props) {
  const titleId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Group Settings</DialogTitle>
        <EditForm
          conversation={conversation}
          onCancel={onClose}
          onSaved={(message) => {
            onClose();
            setNotice(message);
          }}
        />
      </Dialog>
      <NoticeDialog isOpen={notice !== null} title="Success" onClose={() => setNotice(null)}>
        <NoticeText>{notice ?? TEXT.conversationUpdated}</NoticeText>
      </NoticeDialog>
    </>
  );
}

function EditForm({
  conversation,
  onCancel,
  onSaved,
}: {
  conversation: ConversationDetail;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const update = useUpdateConversationMutation();
  const report = useReportError();
  const [name, setName] = useState(conversation.name);
  const [image, setImage] = useState<File | null>(null);
  const [isNameMissing, setIsNameMissing] = useState(false);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const trimmed = name.trim();
    setIsNameMissing(trimmed === '');
    if (!trimmed) return;
    update.mutate(
      { conversationId: conversation.id, name: trimmed, image },
      {
        onSuccess: ({ message }) => onSaved(message || TEXT.conversationUpdated),
        onError: (error) => report('UPDATE_CONVERSATION_ERROR', error),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2.5}>
          <ConversationImagePicker
            currentImage={conversation.image}
            chosenFile={image}
            onChoose={setImage}
            isDisabled={update.isPending}
          />
          <TextField
            label="Conversation Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={isNameMissing}
            helperText={isNameMissing ? 'Conversation name is required.' : ' '}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save Conversation
        </Button>
      </DialogActions>
    </form>
  );
}
