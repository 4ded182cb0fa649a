import { canEditConversation, isAllowed, membershipOf, TEXT, type ConversationDetail } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import HistoryIcon from '@mui/icons-material/History';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { PresenceBadge, usePresenceLabel } from '../../presence';
import { ActionMenu, type MenuEntry } from '../action-menu';
import { ConversationAvatar } from '../conversation-avatar';

export type ChatModal = 'settings' | 'search' | 'activity' | 'files' | 'members' | 'notifications';

interface ChatHeaderProps {
  conversation: ConversationDetail;
  viewerId: number | undefined;
  onBack: () => void;
  onOpenModal: (modal: ChatModal) => void;
}

/** Back to /, image, name and the conversation menu (000 §2). */
export function ChatHeader({ conversation, viewerId, onBack, onOpenModal }: ChatHeaderProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const memberCount = conversation.members.length;
  // A personal conversation shows the other person's presence (000 §4).
  const peerId = conversation.is_group
    ? undefined
    : conversation.members.find((member) => member.user_id !== viewerId)?.user_id;
  const presenceLabel = usePresenceLabel(peerId);

  const menuEntries: (MenuEntry & { modal: ChatModal })[] = [
    // Group Settings is for conversation admins only (000 §6).
    ...(isAllowed(canEditConversation(membershipOf(conversation)))
      ? [{ modal: 'settings' as const, icon: <SettingsOutlinedIcon fontSize="small" />, label: 'Group Settings' }]
      : []),
    { modal: 'search', icon: <SearchIcon fontSize="small" />, label: 'Search Chat' },
    { modal: 'activity', icon: <HistoryIcon fontSize="small" />, label: 'Activity Log' },
    { modal: 'files', icon: <FolderOutlinedIcon fontSize="small" />, label: 'View Files' },
    { modal: 'members', icon: <PeopleOutlinedIcon fontSize="small" />, label: 'View Members' },
    // What the person hears of it (issue 19); 'Nothing' is the mute.
    {
      modal: 'notifications',
      icon: conversation.notification_level === 'nothing' ? <NotificationsOffOutlinedIcon fontSize="small" /> : <NotificationsNoneOutlinedIcon fontSize="small" />,
      label: `${TEXT.notificationLevelMenu}: ${TEXT.notificationLevels[conversation.notification_level]}`,
    },
  ];

  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <IconButton aria-label="Back" onClick={onBack}>
        <ArrowBackIcon />
      </IconButton>
      <PresenceBadge userId={peerId}>
        <ConversationAvatar image={conversation.image} isGroup={conversation.is_group} size={40} />
      </PresenceBadge>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {conversation.name}
        </Typography>
        {conversation.is_group ? (
          <Typography variant="caption" color="text.secondary">
            {memberCount} {memberCount === 1 ? 'member' : 'members'}
          </Typography>
        ) : presenceLabel ? (
          <Typography variant="caption" color="text.secondary" data-testid="peer-presence">
            {presenceLabel}
          </Typography>
        ) : null}
      </Box>
      <IconButton
        aria-label="Conversation menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <ActionMenu
        id={menuId}
        anchor={anchor}
        align="right"
        entries={menuEntries}
        onPick={({ modal }) => {
          setAnchor(null);
          onOpenModal(modal);
        }}
        onClose={() => setAnchor(null)}
      />
    </Box>
  );
}
