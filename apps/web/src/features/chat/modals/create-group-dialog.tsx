import { TEXT } from '@ichat/shared';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { useCreateConversationMutation } from '../api/mutations';
import { useReportError } from '../../../lib/use-report-error';
import { ConversationNameField, FormDialog, FormDialogActions } from './form-dialog';
import { ConversationImagePicker } from './image-picker';
import { useConversationName } from './use-conversation-name';
import { UserPicker, type PickableUser } from './user-picker';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Create group conversation (000 §2 Modals): image, name, members, Create Conversation. */
export function CreateGroupDialog({ isOpen, onClose }: DialogProps) {
  // 'Conversation created.' first, then the new conversation opens (000 §7, §8).
  return (
    <FormDialog
      isOpen={isOpen}
      title="Create Group Conversation"
      onClose={onClose}
      maxWidth="sm"
      fallbackNotice={TEXT.conversationCreated}
    >
      {(finish) => <CreateGroupForm onCancel={onClose} onCreated={finish} />}
    </FormDialog>
  );
}

function CreateGroupForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (message: string, id: number) => void }) {
  const create = useCreateConversationMutation();
  const report = useReportError();
  const { name, setName, isNameMissing, takeName } = useConversationName();
  const [members, setMembers] = useState<PickableUser[]>([]);
  const [image, setImage] = useState<File | null>(null);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = takeName();
    if (trimmed === null) return;
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
          <ConversationNameField value={name} onChange={setName} isMissing={isNameMissing} autoFocus />
          <UserPicker label="Add Members" value={members} onChange={setMembers} isDisabled={create.isPending} />
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onCancel} submitLabel="Create Conversation" isPending={create.isPending} />
    </form>
  );
}
