import { TEXT, type ConversationDetail } from '@ichat/shared';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { useUpdateConversationMutation } from '../api/mutations';
import { useReportError } from '../../../lib/use-report-error';
import { ConversationNameField, FormDialog, FormDialogActions } from './form-dialog';
import { ConversationImagePicker } from './image-picker';
import { useConversationName } from './use-conversation-name';

interface Props {
  conversation: ConversationDetail;
  isOpen: boolean;
  onClose: () => void;
}

/** Group Settings → edit conversation (000 §2 Modals): image, name, Save Conversation. */
export function EditConversationDialog({ conversation, isOpen, onClose }: Props) {
  // The conversation is already open: the notice only confirms the change.
  return (
    <FormDialog
      isOpen={isOpen}
      title="Group Settings"
      onClose={onClose}
      maxWidth="xs"
      fallbackNotice={TEXT.conversationUpdated}
    >
      {(finish) => <EditForm conversation={conversation} onCancel={onClose} onSaved={finish} />}
    </FormDialog>
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
  const { name, setName, isNameMissing, takeName } = useConversationName(conversation.name);
  const [image, setImage] = useState<File | null>(null);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const trimmed = takeName();
    if (trimmed === null) return;
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
          <ConversationNameField value={name} onChange={setName} isMissing={isNameMissing} />
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onCancel} submitLabel="Save Conversation" isPending={update.isPending} />
    </form>
  );
}
