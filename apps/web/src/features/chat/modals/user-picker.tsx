import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, type Ref } from 'react';
import { useUsersQuery } from '../api/queries';
import { UserAvatar } from '../conversation-avatar';
import { useQueryErrorReport } from '../../../lib/use-report-error';

export interface PickableUser {
  id: number;
  display_name: string;
  profile_photo: string | null;
}

// Case-insensitive "contains" on the display name (000 §5).
const filterOptions = createFilterOptions<PickableUser>({
  ignoreCase: true,
  matchFrom: 'any',
  stringify: (user) => user.display_name,
});

interface UserPickerProps {
  label: string;
  value: PickableUser[];
  onChange: (users: PickableUser[]) => void;
  /** People who cannot be picked (already members). */
  excludeIds?: readonly number[];
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** What is wrong with the choice ("Choose at least one person."), shown under the field. */
  problem?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** Picks people by name from GET /api/v1/users; the same person is never picked twice. */
export function UserPicker({ label, value, onChange, excludeIds = [], isDisabled, autoFocus, problem, inputRef }: UserPickerProps) {
  const users = useUsersQuery(true);
  useQueryErrorReport('CONVERSATION_FETCH_USERNAME_ERROR', users.error, users.errorUpdatedAt);
  const options = (users.data ?? []).filter((user) => !excludeIds.includes(user.id));

  // A person who stops being pickable (just added elsewhere) leaves the selection.
  useEffect(() => {
    if (value.some((user) => excludeIds.includes(user.id))) onChange(value.filter((user) => !excludeIds.includes(user.id)));
  }, [excludeIds, onChange, value]);

  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, picked) => onChange(picked)}
      filterOptions={filterOptions}
      filterSelectedOptions
      getOptionLabel={(user) => user.display_name}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      loading={users.isPending}
      disabled={isDisabled}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <UserAvatar photo={user.profile_photo} size={28} />
          {user.display_name}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} autoFocus={autoFocus} error={problem !== undefined} helperText={problem} inputRef={inputRef} />
      )}
    />
  );
}
