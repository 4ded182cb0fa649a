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
import { NoticeDialog, NoticeText } from '../../../lib/notice-dialog';
import { useCreateConversationMutation } from '../api/mutations';
import { storeSelectedConversationId } from '../lib/storage';
import { useReportError } from '../lib/use-eref';
import { ConversationImagePicker } from './image-picker';
import { UserPicker, type PickableUser } from './user-picker';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Create group conversation (000 §2 Modals): image, name, members, Create Conversation. */
export function CreateGroupDialog({ isOpen, onClose }: DialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const [created, setCreated] = useState<{ message: string; conversationId: number } | null>(null);

  const handleCreated = (message: string, conversationId: number) => {
    onClose();
    setCreated({ message, conversationId });
  };

  // 'Conversation created.' first, then the new conversation opens (000 §7, §8).
  const handleNoticeClosed = () => {
    if (!created) return;
    setCreated(null);
    storeSelectedConversationId(created.conversationId);
    void navigate(`/conversations/${created.conversationId}`);
  };

  return (
    <>
      <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Create Group Conversation</DialogTitle>
        <CreateGroupForm onCancel={onClose} onCreated={handleCreated} />
      </Dialog>
      <NoticeDialog isOpen={created !== null} title="Success" onClose={handleNoticeClosed}>
        <NoticeText>{created?.message ?? TEXT.conversationCreated}</NoticeText>
      </NoticeDialog>
    </>
  );
}

function CreateGroupForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (message: string, id: number) => void }) {
  const create = useCreateConversationMutation();
  const report = useReportError();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<PickableUser[]>([]);
  const [image, setImage] = useState<File | null>(null);
  const [isNameMissing, setIsNameMissing] = useState(false);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    setIsNameMissing(trimmed === '');
    if (!trimmed) return;
    create.mutate(
      { name: trimmed, memberIds: members.map((member) => member.id), image },
      {
        onSuccess: ({ message, conversation_id }) => onCreated(message || TEXT.conversationCreated, conversation_id),
        onError: (error) => report('CREATE_CONVERSATION_ERROR', error),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2.5}>
          <ConversationImagePicker currentImage="" chosenFile={image} onChoose={setImage} isDisabled={create.isPending} />
          <TextField
            label="Conversation Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={isNameMissing}
            helperText={isNameMissing ? 'Conversation name is required.' : ' '}
            autoFocus
          />
          <UserPicker label="Add Members" value={members} onChange={setMembers} isDisabled={create.isPending} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create Conversation
        </Button>
      </DialogActions>
    </form>
  );
}
