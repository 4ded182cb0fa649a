import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useRef, useState } from 'react';

/**
 * Copies text to the clipboard. Over plain http on the office network the Clipboard API is
 * missing (it needs a secure context), so the field's selection is copied the old way.
 */
export const copyText = async (text: string, input: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> => {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission): try the selection below.
    }
  }
  if (!input) return false;
  input.select();
  return document.execCommand('copy');
};

/** A value shown once (a temporary password): read-only, selectable, with a Copy button. */
export function SecretField({ label, value, rows }: { label: string; value: string; rows?: number }) {
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = async () => {
    setIsCopied(await copyText(value, inputRef.current));
  };
  return (
    <TextField
      label={label}
      value={value}
      inputRef={inputRef}
      multiline={rows !== undefined}
      rows={rows}
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: '1.1rem' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={isCopied ? 'Copied' : 'Copy'}>
                <IconButton edge="end" aria-label={isCopied ? `${label} copied` : `Copy ${label.toLowerCase()}`} onClick={() => void handleCopy()}>
                  {isCopied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
