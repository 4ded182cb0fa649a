import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { PROFILE_PHOTO_TYPES, profilePhotoProblem } from './photo-rules';
import { profilePhotoUrl } from '../../lib/assets';

const PHOTO_SIZE = 112;

interface ProfilePhotoPickerProps {
  currentPhoto: string | null;
  chosenFile: File | null;
  onChoose: (file: File) => void;
  isDisabled: boolean;
}

export function ProfilePhotoPicker({ currentPhoto, chosenFile, onChoose, isDisabled }: ProfilePhotoPickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after a fix still fires a change.
    event.target.value = '';
    if (!file) return;
    const fileProblem = profilePhotoProblem(file);
    setProblem(fileProblem);
    if (!fileProblem) onChoose(file);
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {chosenFile ? (
        <PhotoPreview file={chosenFile} />
      ) : (
        <Avatar
          src={profilePhotoUrl(currentPhoto)}
          alt="Profile photo"
          sx={{ width: PHOTO_SIZE, height: PHOTO_SIZE, border: 1, borderColor: 'divider' }}
        />
      )}
      {/* A real button that opens the hidden input: MUI's component="label" gives a label
          role="button", which ARIA does not allow on a label. */}
      <Button
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraOutlinedIcon />}
        onClick={() => fileInputRef.current?.click()}
        disabled={isDisabled}
      >
        Choose Photo
      </Button>
      <input
        ref={fileInputRef}
        type="file"
        hidden
        tabIndex={-1}
        accept={PROFILE_PHOTO_TYPES.join(',')}
        onChange={handleChange}
      />
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

/**
 * The chosen file shown before upload. The object URL is made and revoked by the same
 * effect, so no URL outlives the preview (and StrictMode's double run makes a fresh one).
 */
function PhotoPreview({ file }: { file: File }) {
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (imageRef.current) imageRef.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Box
      component="img"
      ref={imageRef}
      alt="New profile photo preview"
      sx={{
        width: PHOTO_SIZE,
        height: PHOTO_SIZE,
        borderRadius: '50%',
        objectFit: 'cover',
        border: 2,
        borderColor: 'primary.main',
      }}
    />
  );
}
