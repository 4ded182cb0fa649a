import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { KeyboardEvent } from 'react';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Runs the search; Enter calls it, never while an input method is still composing a word. */
  onEnter?: () => void;
  /** The visible label; without one, `accessibleName` names the field. */
  label?: string;
  accessibleName?: string;
  placeholder?: string;
  helperText?: string;
  autoFocus?: boolean;
  /** 'search' (a searchbox, with the browser's clear button) unless the field must stay a textbox. */
  inputType?: 'search' | 'text';
  sx?: SxProps<Theme>;
}

/** A search input with the magnifier in front, as every list and the sidebar show it. */
export function SearchField({ value, onChange, onEnter, label, accessibleName, placeholder, helperText, autoFocus, inputType = 'search', sx }: SearchFieldProps) {
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !onEnter) return;
    event.preventDefault();
    onEnter();
  };
  return (
    <TextField
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={handleKeyDown}
      placeholder={placeholder}
      helperText={helperText}
      autoFocus={autoFocus}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': label ? undefined : accessibleName, enterKeyHint: 'search' },
        input: {
          type: inputType,
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
