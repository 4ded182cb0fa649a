import type { Message } from '@ichat/shared';
import CloseIcon from '@mui/icons-material/Close';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { pinnedPreview } from '../lib/preview';

interface PinnedBannerProps {
  message: Message;
  onOpen: (messageId: number) => void;
  onUnpin: (message: Message) => void;
}

/** The pinned message (80 characters) with an X that unpins it (000 §2, §4). */
export function PinnedBanner({ message, onOpen, onUnpin }: PinnedBannerProps) {
  return (
    <Box
      data-testid="pinned-banner"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1.5, sm: 2.5 }, py: 0.75, bgcolor: '#fff8e1', borderBottom: 1, borderColor: 'divider' }}
    >
      <PushPinIcon sx={{ fontSize: 18, color: 'secondary.main' }} />
      <ButtonBase
        onClick={() => onOpen(message.id)}
        aria-label="Go to pinned message"
        sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1 }}
      >
        <Typography variant="body2" noWrap>
          <strong>{message.user.display_name}:</strong> {pinnedPreview(message)}
        </Typography>
      </ButtonBase>
      <IconButton size="small" aria-label="Unpin message" onClick={() => onUnpin(message)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
