/**
 * The field kinds every form uses, each with a visible <label> tied to its input (so
 * `getByLabel('Company')` finds it), and a problem shown at the field: red outline, the
 * sentence under it, aria-invalid (issue 17: a mistake is not a failure).
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { lengthCounter, lengthProblem } from '../../../../lib/text-limit';

interface BaseProps {
  label: string;
  isRequired?: boolean;
  /** What is wrong with the value, shown under the field; undefined when nothing is. */
  problem?: string | undefined;
  isDisabled?: boolean;
  helperText?: ReactNode;
}

/** A text-valued field: what the form holds and how it changes. */
interface ValueProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
}

/** The TextField props every text-valued kind shares: label, value, required, the problem under it. */
const textFieldProps = ({ label, value, onChange, isRequired, problem, isDisabled, helperText }: ValueProps) => ({
  label,
  value,
  onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  required: isRequired,
  error: problem !== undefined,
  disabled: isDisabled,
  helperText: problem ?? helperText,
  fullWidth: true,
});

interface TextInputProps extends ValueProps {
  /** Rows of a multi-line text; omitted for one line. */
  minRows?: number;
  type?: 'text' | 'email' | 'tel';
  maxLength?: number;
}

export function TextInput({ minRows, type = 'text', maxLength, ...field }: TextInputProps) {
  const problem = lengthProblem(field.value, maxLength) ?? field.problem;
  const counter = lengthCounter(field.value, maxLength);
  const helperText = counter ? (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{problem ?? field.helperText}</span>
      <span>{counter}</span>
    </Box>
  ) : (
    (problem ?? field.helperText)
  );
  return (
    <TextField
      {...textFieldProps({ ...field, problem })}
      helperText={helperText}
      type={type}
      multiline={minRows !== undefined}
      minRows={minRows}
    />
  );
}

interface SelectInputProps extends ValueProps {
  options: readonly (string | { value: string; label: string })[];
  /** The empty first choice; null where the field always has a value (a default). */
  placeholder?: string | null;
}

/** A native select: the phone's own picker on small screens, `selectOption` in tests. */
export function SelectInput({ options, placeholder = 'Select…', ...field }: SelectInputProps) {
  return (
    <TextField
      select
      {...textFieldProps(field)}
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

export function DateInput(field: ValueProps) {
  return (
    <TextField
      type="date"
      {...textFieldProps(field)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

interface NumberInputProps extends ValueProps {
  /** Shows the peso sign before the amount. */
  isPeso?: boolean;
  /** Why a typed value is refused (a letter, a minus, too large), checked as one types. */
  check?: (value: string) => string | null;
}

/**
 * Quantities and peso amounts ('1,250.50'), with the phone's number keyboard. A letter, a
 * minus or a value over the limit is refused at the field as it is typed.
 */
export function NumberInput({ isPeso, check, ...field }: NumberInputProps) {
  const problem = check?.(field.value) ?? field.problem;
  return (
    <TextField
      {...textFieldProps({ ...field, problem })}
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

/** A form's running total, under its rows on the right. */
export function TotalInput({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ maxWidth: { sm: 320 }, alignSelf: { sm: 'flex-end' }, width: '100%' }}>
      <ReadOnlyInput label={label} value={value} />
    </Box>
  );
}

interface CheckboxInputProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  isDisabled?: boolean;
  /** A question the box answers ('Urgent' above 'Yes'): the box then sits in a fieldset. */
  legend?: string;
  className?: string;
}

export function CheckboxInput({ label, checked, onChange, isDisabled, legend, className }: CheckboxInputProps) {
  const box = (
    <FormControlLabel
      label={label}
      disabled={isDisabled}
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    />
  );
  if (legend === undefined) return box;
  return (
    <FormControl component="fieldset" className={className}>
      <FormLabel component="legend" sx={{ fontSize: 14 }}>
        {legend}
      </FormLabel>
      {box}
    </FormControl>
  );
}
