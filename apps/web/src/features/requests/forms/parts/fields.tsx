/**
 * The field kinds every form uses, each with a visible <label> tied to its input (so
 * `getByLabel('Company')` finds it) and MUI's red outline when it is in the problem set.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

interface BaseProps {
  label: string;
  isRequired?: boolean;
  hasProblem?: boolean;
  isDisabled?: boolean;
  helperText?: ReactNode;
}

interface TextInputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  /** Rows of a multi-line text; omitted for one line. */
  minRows?: number;
  type?: 'text' | 'email' | 'tel';
  maxLength?: number;
}

export function TextInput({ label, value, onChange, isRequired, hasProblem, isDisabled, helperText, minRows, type = 'text', maxLength }: TextInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      type={type}
      onChange={(event) => onChange(event.target.value)}
      required={isRequired}
      error={hasProblem}
      disabled={isDisabled}
      helperText={helperText}
      multiline={minRows !== undefined}
      minRows={minRows}
      fullWidth
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}

interface SelectInputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly (string | { value: string; label: string })[];
  /** The empty first choice; null where the field always has a value (a default). */
  placeholder?: string | null;
}

/** A native select: the phone's own picker on small screens, `selectOption` in tests. */
export function SelectInput({ label, value, onChange, options, placeholder = 'Select…', isRequired, hasProblem, isDisabled, helperText }: SelectInputProps) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={isRequired}
      error={hasProblem}
      disabled={isDisabled}
      helperText={helperText}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder === null ? null : <option value="">{placeholder}</option>}
      {options.map((option) => {
        const { value: optionValue, label: optionLabel } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        );
      })}
    </TextField>
  );
}

interface DateInputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
}

export function DateInput({ label, value, onChange, isRequired, hasProblem, isDisabled, helperText }: DateInputProps) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={isRequired}
      error={hasProblem}
      disabled={isDisabled}
      helperText={helperText}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

interface NumberInputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  /** Shows the peso sign before the amount. */
  isPeso?: boolean;
}

/** Quantities and peso amounts: typed freely ('1,250.50'), read as 0 when unparsable. */
export function NumberInput({ label, value, onChange, isPeso, isRequired, hasProblem, isDisabled, helperText }: NumberInputProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={isRequired}
      error={hasProblem}
      disabled={isDisabled}
      helperText={helperText}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: isPeso ? { startAdornment: <InputAdornment position="start">₱</InputAdornment> } : undefined,
      }}
    />
  );
}

/** A computed value (Cost, Total Cost, Total Hours): read-only, shaded. */
export function ReadOnlyInput({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
    />
  );
}

export function CheckboxInput({ label, checked, onChange, isDisabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; isDisabled?: boolean }) {
  return (
    <FormControlLabel
      label={label}
      disabled={isDisabled}
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    />
  );
}
