import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { profilePhotoUrl } from '../../lib/assets';
import { ChooseImageButton, ChosenImagePreview } from '../../lib/image-choice';
import { PROFILE_PHOTO_TYPES, profilePhotoProblem } from './photo-rules';

const PHOTO_SIZE = 112;

interface ProfilePhotoPickerProps {
  currentPhoto: string | null;
  chosenFile: File | null;
  onChoose: (file: File) => void;
  isDisabled: boolean;
}

export function ProfilePhotoPicker({ currentPhoto, chosenFile, onChoose, isDisabled }: ProfilePhotoPickerProps) {
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = (file: File) => {
    const fileProblem = profilePhotoProblem(file);
    setProblem(fileProblem);
    if (!fileProblem) onChoose(file);
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {chosenFile ? (
        <ChosenImagePreview file={chosenFile} size={PHOTO_SIZE} alt="New profile photo preview" />
      ) : (
        <Avatar
          src={profilePhotoUrl(currentPhoto)}
          alt="Profile photo"
          sx={{ width: PHOTO_SIZE, height: PHOTO_SIZE, border: 1, borderColor: 'divider' }}
        />
      )}
      <ChooseImageButton label="Choose Photo" accept={PROFILE_PHOTO_TYPES} onFile={handleFile} isDisabled={isDisabled} />
      {chosenFile ? (
        <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: 180 }}>
          {chosenFile.name}
        </Typography>
      ) : null}
      {problem ? (
        <Typography variant="caption" color="error" role="alert" sx={{ maxWidth: 220, textAlign: 'center' }}>
          {problem}
        </Typography>
      ) : null}
    </Stack>
  );
}
