import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';

/** One entry of an action menu; each menu adds what picking it needs. */
export interface MenuEntry {
  label: string;
  /** A small icon before the label. */
  icon: ReactNode;
}

interface ActionMenuProps<Entry extends MenuEntry> {
  /** The button the menu belongs to; null while the menu is closed. */
  anchor: HTMLElement | null;
  /** Which edge of the button the menu lines up with; it opens below the button. */
  align: 'left' | 'right';
  entries: readonly Entry[];
  onPick: (entry: Entry) => void;
  onClose: () => void;
  /** For the button's aria-controls. */
  id?: string;
}

/** The chat's menus of actions (the open conversation's, a sidebar conversation's, a message's): an icon and a label each. */
export function ActionMenu<Entry extends MenuEntry>({ anchor, align, entries, onPick, onClose, id }: ActionMenuProps<Entry>) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: align }}
      transformOrigin={{ vertical: 'top', horizontal: align }}
    >
      {entries.map((entry) => (
        <MenuItem key={entry.label} onClick={() => onPick(entry)}>
          <ListItemIcon>{entry.icon}</ListItemIcon>
          <ListItemText>{entry.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
