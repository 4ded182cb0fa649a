/**
 * Choosing files for a form field: a visible label tied to the file input, the chosen
 * files with their sizes (MB or KB, 2 decimals), and the 16 MB limit checked in the page
 * before anything is uploaded (FILE_TOO_LARGE_ERROR).
 */
import { ATTACHMENT_LIMIT_MB, fileTooLargeText } from '@ichat/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { visuallyHidden } from '../../../../lib/visually-hidden';
import { acceptFiles, formatFileSize } from '../lib/file-size';

/** The picture types the server takes in image-only fields (signatures, photos). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface FilePickerProps {
  label: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
  maxCount: number;
  accept?: string;
  isDisabled?: boolean;
}

function FileThumb({ file }: { file: File }) {
  // The object URL is released once the picture has loaded; the decoded image stays shown.
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  return (
    <Box
      component="img"
      src={url}
      alt=""
      onLoad={() => URL.revokeObjectURL(url)}
      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'grey.200' }}
    />
  );
}

export function FilePicker({ label, files, onChange, maxCount, accept, isDisabled }: FilePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const labelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [leftOut, setLeftOut] = useState(0);
  // A file over the limit is said at the picker, not in the EREF dialog (issue 17).
  const [tooLargeText, setTooLargeText] = useState<string | null>(null);
  const isFull = files.length >= maxCount;
  const isMultiple = maxCount > 1;

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again after removing it still fires a change.
    event.target.value = '';
    if (picked.length === 0) return;
    const { kept, tooLarge, overCount } = acceptFiles(files, picked, maxCount);
    setLeftOut(overCount);
    if (kept.length !== files.length) onChange(kept);
    setTooLargeText(tooLarge.length > 0 ? tooLarge.map((file) => fileTooLargeText(file.name, ATTACHMENT_LIMIT_MB)).join(' ') : null);
  };

  const removeAt = (index: number) => {
    setLeftOut(0);
    setTooLargeText(null);
    onChange(files.filter((_, position) => position !== index));
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="label" id={labelId} htmlFor={inputId} variant="body2" sx={{ display: 'block', fontWeight: 500, mb: 0.75 }}>
        {label}
      </Typography>
      <input
        type="file"
        ref={inputRef}
        id={inputId}
        multiple={isMultiple}
        accept={accept}
        onChange={handlePick}
        disabled={isDisabled || isFull}
        tabIndex={-1}
        aria-describedby={hintId}
        style={visuallyHidden}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<AttachFileIcon />}
        onClick={() => inputRef.current?.click()}
        disabled={isDisabled || isFull}
        // Described by the field's label, not named after it, so getByLabel(label) finds only the input.
        aria-describedby={labelId}
      >
        {isMultiple ? 'Choose Files' : 'Choose File'}
      </Button>
      <FormHelperText id={hintId}>
        {isMultiple ? `Up to ${maxCount} files, ${ATTACHMENT_LIMIT_MB} MB each.` : `One file, at most ${ATTACHMENT_LIMIT_MB} MB.`}
        {leftOut > 0 ? ` ${leftOut} more ${leftOut === 1 ? 'file was' : 'files were'} left out.` : ''}
      </FormHelperText>
      {tooLargeText === null ? null : (
        <FormHelperText error role="alert">
          {tooLargeText}
        </FormHelperText>
      )}
      {files.length > 0 ? (
        <Stack component="ul" aria-label="Chosen files" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {files.map((file, index) => (
            <Stack
              component="li"
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', minWidth: 0, p: 0.75, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
            >
              {file.type.startsWith('image/') ? (
                <FileThumb file={file} />
              ) : (
                <InsertDriveFileOutlinedIcon color="action" sx={{ flexShrink: 0 }} />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap title={file.name}>
                  {file.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatFileSize(file.size)}
                </Typography>
              </Box>
              <IconButton size="small" aria-label={`Remove ${file.name}`} onClick={() => removeAt(index)} disabled={isDisabled}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
