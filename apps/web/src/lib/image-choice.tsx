/**
 * Choosing an image before it is uploaded: the button that opens the file chooser and a
 * round preview of the chosen file. Used by the profile photo and the conversation image.
 */
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, type ChangeEvent } from 'react';

interface ChooseImageButtonProps {
  label: string;
  /** The accepted MIME types. */
  accept: readonly string[];
  onFile: (file: File) => void;
  isDisabled?: boolean | undefined;
  /** Names the hidden input for assistive technology. */
  inputLabel?: string;
}

/**
 * A real button that opens a hidden file input: MUI's component="label" would give a label
 * role="button", which ARIA does not allow on a label.
 */
export function ChooseImageButton({ label, accept, onFile, isDisabled, inputLabel }: ChooseImageButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after a fix still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => inputRef.current?.click()} disabled={isDisabled}>
        {label}
      </Button>
      <input ref={inputRef} type="file" hidden tabIndex={-1} accept={accept.join(',')} onChange={handleChange} aria-label={inputLabel} />
    </>
  );
}

/**
 * The chosen file shown round before upload. The object URL is made and revoked by the same
 * effect, so no URL outlives the preview (and StrictMode's double run makes a fresh one).
 */
export function ChosenImagePreview({ file, size, alt }: { file: File; size: number; alt: string }) {
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
      alt={alt}
      sx={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', border: 2, borderColor: 'primary.main' }}
    />
  );
}
