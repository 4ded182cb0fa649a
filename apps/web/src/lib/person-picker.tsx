import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** A person offered by a picker: their name, and a second line that tells namesakes apart. */
export interface PersonOption {
  id: number;
  display_name: string;
  detail?: string;
}

const SEARCH_DELAY_MS = 300;

interface PersonPickerProps {
  label: string;
  value: PersonOption | null;
  onChange: (person: PersonOption | null) => void;
  /**
   * The people matching what was typed (all of the first page for nothing typed). The
   * server searches, so a company of thousands is never loaded whole into the page.
   */
  search: (text: string, signal: AbortSignal) => Promise<PersonOption[]>;
  /** The cache key of this kind of search; the typed text is added to it. */
  searchKey: readonly unknown[];
  /** People who cannot be picked here (already listed). */
  excludeIds?: readonly number[];
  isDisabled?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
}

/** Picks one person by name, asking the server as the typing pauses. */
export function PersonPicker({
  label,
  value,
  onChange,
  search,
  searchKey,
  excludeIds = [],
  isDisabled,
  autoFocus,
  error,
  helperText,
  size,
}: PersonPickerProps) {
  const [text, setText] = useState('');
  const settledText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const people = useQuery({
    queryKey: [...searchKey, settledText],
    queryFn: ({ signal }) => search(settledText, signal),
    placeholderData: keepPreviousData,
    enabled: !isDisabled,
  });
  const options = (people.data ?? []).filter((person) => !excludeIds.includes(person.id));

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, picked) => onChange(picked)}
      inputValue={text}
      onInputChange={(_event, typed) => setText(typed)}
      // The server has filtered already; the typed text may match an email the name lacks.
      filterOptions={(shown) => shown}
      getOptionLabel={(person) => person.display_name}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      loading={people.isFetching}
      disabled={isDisabled}
      size={size}
      noOptionsText={people.isError ? people.error.message : 'No one matches.'}
      renderOption={({ key, ...props }, person) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography component="span" sx={{ display: 'block' }}>
            {person.display_name}
          </Typography>
          {person.detail ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {person.detail}
            </Typography>
          ) : null}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} autoFocus={autoFocus} error={error} helperText={helperText} />}
    />
  );
}
