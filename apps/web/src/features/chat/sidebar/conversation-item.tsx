import type { ConversationSummary } from '@ichat/shared';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { memo } from 'react';
import { PresenceBadge } from '../../presence';
import { ConversationAvatar } from '../conversation-avatar';
import { sidebarPreview } from '../lib/preview';
import { UnreadBadge } from './unread-badge';

interface ConversationItemProps {
  conversation: ConversationSummary;
  isSelected: boolean;
  /** The other person of a personal conversation, whose presence the avatar shows. */
  peerId: number | undefined;
  onOpen: (conversation: ConversationSummary) => void;
  onOpenMenu: (anchor: HTMLElement) => void;
}

/** One inbox row: pin icon, image, name, 'FirstName: text • time', unread badge, menu. */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  isSelected,
  peerId,
  onOpen,
  onOpenMenu,
}: ConversationItemProps) {
  const hasUnread = conversation.unread_count > 0;
  return (
    <ListItem
      data-testid="conversation-item"
      data-conversation-id={conversation.id}
      disablePadding
      secondaryAction={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <UnreadBadge count={conversation.unread_count} />
          <IconButton
            edge="end"
            size="small"
            aria-label="Conversation actions"
            onClick={(event) => onOpenMenu(event.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </Box>
      }
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 12 } }}
    >
      <ListItemButton selected={isSelected} onClick={() => onOpen(conversation)} sx={{ pr: hasUnread ? 11 : 7, py: 1 }}>
        <ListItemAvatar sx={{ position: 'relative' }}>
          <PresenceBadge userId={peerId}>
            <ConversationAvatar image={conversation.image} isGroup={conversation.is_group} />
          </PresenceBadge>
          {conversation.is_pinned ? (
            <PushPinIcon
              titleAccess="Pinned"
              color="primary"
              sx={{
                position: 'absolute',
                top: -4,
                left: -6,
                fontSize: 16,
                bgcolor: 'background.paper',
                borderRadius: '50%',
                transform: 'rotate(35deg)',
              }}
            />
          ) : null}
        </ListItemAvatar>
        <ListItemText
          primary={conversation.name}
          secondary={sidebarPreview(conversation.last_message)}
          slotProps={{
            primary: { noWrap: true, sx: { fontWeight: hasUnread ? 700 : 500 } },
            secondary: { noWrap: true, sx: { fontWeight: hasUnread ? 600 : 400, color: hasUnread ? 'text.primary' : undefined } },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
});
