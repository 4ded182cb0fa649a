import { TEXT } from '@ichat/shared';
import { useState } from 'react';
import { useCreateConversationMutation } from '../api/mutations';
import { useReportError } from '../../../lib/use-report-error';
import { ConversationNameField, formDialog, FormDialogForm, type FormDialogChildProps } from './form-dialog';
import { ConversationImagePicker } from './image-picker';
import { useConversationName } from './use-conversation-name';
import { UserPicker, type PickableUser } from './user-picker';

/** Create group conversation (000 §2 Modals): image, name, members, Create Conversation. */
export const CreateGroupDialog = formDialog(
  // 'Conversation created.' first, then the new conversation opens (000 §7, §8).
  { title: 'Create Group Conversation', maxWidth: 'sm', fallbackNotice: TEXT.conversationCreated },
  CreateGroupForm,
);

function CreateGroupForm({ onCancel, onDone }: FormDialogChildProps) {
  const create = useCreateConversationMutation();
  const report = useReportError();
  const { name, setName, isNameMissing, takeName } = useConversationName();
  const [members, setMembers] = useState<PickableUser[]>([]);
  const [image, setImage] = useState<File | null>(null);

  const submit = () => {
    const trimmed = takeName();
    if (trimmed === null) return;
    create.mutate(
      { name: trimmed, memberIds: members.map((member) => member.id), image },
      {
        onSuccess: ({ message, conversation_id }) => onDone(message, conversation_id),
        onError: (error) => report('CREATE_CONVERSATION_ERROR', error),
      },
    );
  };

  return (
    <FormDialogForm onSubmit={submit} onCancel={onCancel} submitLabel="Create Conversation" isPending={create.isPending}>
      <ConversationImagePicker currentImage="" chosenFile={image} onChoose={setImage} isDisabled={create.isPending} />
      <ConversationNameField value={name} onChange={setName} isMissing={isNameMissing} autoFocus />
      <UserPicker label="Add Members" value={members} onChange={setMembers} isDisabled={create.isPending} />
    </FormDialogForm>
  );
}
