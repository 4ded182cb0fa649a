import GroupsIcon from '@mui/icons-material/Groups';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useEffect } from 'react';
import { UserAvatar } from '../conversation-avatar';
import type { MentionPickerState } from './use-mention-picker';

const OPTION_AVATAR_SIZE = 28;
const POPPER_MODIFIERS = [{ name: 'offset', options: { offset: [0, 6] } }];

/**
 * The list of people to mention, floating above the input it belongs to (see
 * useMentionPicker). Options never take focus: the caret stays in the input, which moves the
 * highlight with the arrow keys.
 */
export function MentionPicker({ picker }: { picker: MentionPickerState }) {
  const { isOpen, options, activeIndex, inputElement, listboxId, optionId, highlight, pick } = picker;
  // The InputBase around the text field, so the list lines up with the visible box.
  const anchor = inputElement?.parentElement ?? inputElement;

  useEffect(() => {
    if (isOpen) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeIndex, optionId]);

  return (
    <Popper
      open={isOpen && anchor !== null}
      anchorEl={anchor}
      placement="top-start"
      modifiers={POPPER_MODIFIERS}
      // Above dialogs too: a thread's reply input lives in one.
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
    >
      <Paper elevation={6} sx={{ width: 300, maxWidth: 'calc(100vw - 16px)' }}>
        <List
          id={listboxId}
          role="listbox"
          aria-label="Mention someone"
          dense
          sx={{ maxHeight: 260, overflowY: 'auto' }}
        >
          {options.map((option, index) => (
            <ListItemButton
              key={String(option.id)}
              id={optionId(index)}
              component="li"
              role="option"
              aria-selected={index === activeIndex}
              selected={index === activeIndex}
              tabIndex={-1}
              // Keeps the focus (and the caret) in the input while clicking.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => highlight(index)}
              onClick={() => pick(option)}
            >
              <ListItemAvatar sx={{ minWidth: OPTION_AVATAR_SIZE + 12 }}>
                {option.id === 'all' ? (
                  <Avatar alt="" sx={{ width: OPTION_AVATAR_SIZE, height: OPTION_AVATAR_SIZE, bgcolor: 'primary.light' }}>
                    <GroupsIcon sx={{ fontSize: 18 }} />
                  </Avatar>
                ) : (
                  <UserAvatar photo={option.photo ?? null} size={OPTION_AVATAR_SIZE} />
                )}
              </ListItemAvatar>
              <ListItemText primary={option.name} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Popper>
  );
}
