import { ATTACHMENT_LIMIT_BYTES, ATTACHMENT_LIMIT_MB, fileTooLargeText } from '@ichat/shared';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ChooseImageButton, ChosenImagePreview } from '../../../lib/image-choice';
import { ConversationAvatar } from '../conversation-avatar';
import { RESIZABLE_IMAGE_TYPES } from '../lib/image-fit';

const ACCEPTED = [...RESIZABLE_IMAGE_TYPES, 'image/gif'];
const SIZE = 96;

interface ConversationImagePickerProps {
  currentImage: string;
  chosenFile: File | null;
  onChoose: (file: File) => void;
  isDisabled?: boolean;
}

/** The conversation image of the create and edit dialogs, with a preview of the chosen file. */
export function ConversationImagePicker({ currentImage, chosenFile, onChoose, isDisabled }: ConversationImagePickerProps) {
  // A picture over the limit is said under the button, not in the EREF dialog (issue 17).
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const handleFile = (file: File) => {
    if (file.size > ATTACHMENT_LIMIT_BYTES) {
      setTooLarge(fileTooLargeText(file.name, ATTACHMENT_LIMIT_MB));
      return;
    }
    setTooLarge(null);
    onChoose(file);
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      {chosenFile ? (
        <ChosenImagePreview file={chosenFile} size={SIZE} alt="Chosen conversation image" />
      ) : (
        <ConversationAvatar image={currentImage} isGroup size={SIZE} />
      )}
      <ChooseImageButton label="Choose Image" accept={ACCEPTED} onFile={handleFile} isDisabled={isDisabled} inputLabel="Conversation image" />
      {tooLarge === null ? null : (
        <FormHelperText error role="alert">
          {tooLarge}
        </FormHelperText>
      )}
    </Stack>
  );
}
