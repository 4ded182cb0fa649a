import { TEXT, type ConversationDetail } from '@ichat/shared';
import { useState } from 'react';
import { useUpdateConversationMutation } from '../api/mutations';
import { useReportError } from '../../../lib/use-report-error';
import { ConversationNameField, formDialog, FormDialogForm, type FormDialogChildProps } from './form-dialog';
import { ConversationImagePicker } from './image-picker';
import { useConversationName } from './use-conversation-name';

/** Group Settings → edit conversation (000 §2 Modals): image, name, Save Conversation. */
export const EditConversationDialog = formDialog(
  // The conversation is already open: the notice only confirms the change.
  { title: 'Group Settings', maxWidth: 'xs', fallbackNotice: TEXT.conversationUpdated },
  EditForm,
);

function EditForm({ conversation, onCancel, onDone }: { conversation: ConversationDetail } & FormDialogChildProps) {
  const update = useUpdateConversationMutation();
  const report = useReportError();
  const { name, setName, isNameMissing, takeName } = useConversationName(conversation.name);
  const [image, setImage] = useState<File | null>(null);

  const submit = () => {
    const trimmed = takeName();
    if (trimmed === null) return;
    update.mutate(
      { conversationId: conversation.id, name: trimmed, image },
      {
        onSuccess: ({ message }) => onDone(message),
        onError: (error) => report('UPDATE_CONVERSATION_ERROR', error),
      },
    );
  };

  return (
    <FormDialogForm onSubmit={submit} onCancel={onCancel} submitLabel="Save Conversation" isPending={update.isPending}>
      <ConversationImagePicker
        currentImage={conversation.image}
        chosenFile={image}
        onChoose={setImage}
        isDisabled={update.isPending}
      />
      <ConversationNameField value={name} onChange={setName} isMissing={isNameMissing} />
    </FormDialogForm>
  );
}
