import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { visuallyHidden } from './visually-hidden';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'slotProps' | 'variant'>;

/**
 * A password input with a Show/Hide toggle. The toggle is named by hidden text, not
 * aria-label, so a label lookup for 'Password' finds the input alone.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setIsVisible((visible) => !visible)}
                onMouseDown={(event) => event.preventDefault()}
                disabled={props.disabled}
              >
                {isVisible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                <Box component="span" sx={visuallyHidden}>
                  {isVisible ? 'Hide password' : 'Show password'}
                </Box>
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
