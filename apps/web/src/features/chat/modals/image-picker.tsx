import { ATTACHMENT_LIMIT_BYTES, ATTACHMENT_LIMIT_MB, fileTooLargeText } from '@ichat/shared';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { useErefDialog } from '../../../lib/eref-dialog';
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
  const { show } = useErefDialog();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > ATTACHMENT_LIMIT_BYTES) {
      show('FILE_TOO_LARGE_ERROR', fileTooLargeText(file.name, ATTACHMENT_LIMIT_MB));
      return;
    }
    onChoose(file);
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      {chosenFile ? <ChosenImage file={chosenFile} /> : <ConversationAvatar image={currentImage} isGroup size={SIZE} />}
      {/* A real button that opens the hidden input: MUI's component="label" gives a label
          role="button", which ARIA does not allow on a label. */}
      <Button size="small" variant="outlined" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => fileInputRef.current?.click()} disabled={isDisabled}>
        Choose Image
      </Button>
      <input
        ref={fileInputRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={ACCEPTED.join(',')}
        onChange={handleChange}
        aria-label="Conversation image"
      />
    </Stack>
  );
}

/** The object URL is made and revoked by one effect, so none outlives the preview. */
function ChosenImage({ file }: { file: File }) {
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    if (imageRef.current) imageRef.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <Box
      component="img"
      ref={imageRef}
      alt="Chosen conversation image"
      sx={{ width: SIZE, height: SIZE, borderRadius: '50%', objectFit: 'cover', border: 2, borderColor: 'primary.main' }}
    />
  );
}
