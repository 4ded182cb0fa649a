import Badge from '@mui/material/Badge';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { usePresence } from './presence-provider';
import { presenceLabel } from './presence';
import { useClock } from './use-clock';

interface PresenceBadgeProps {
  userId: number | undefined;
  children: ReactNode;
}

/**
 * A dot on an avatar (000 §4 Presence): green when online; grey when offline, with the
 * last-online time in the tooltip. Nothing before the first presence list or for no person.
 */
export function PresenceBadge({ userId, children }: PresenceBadgeProps) {
  const presence = usePresence();
  const now = useClock();
  if (userId === undefined || presence === null) return children;
  const record = presence.get(userId);
  const isOnline = record?.is_online ?? false;
  const label = presenceLabel(record, new Date(now));
  return (
    <Tooltip title={label}>
      <Badge
        overlap="circular"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        variant="dot"
        data-testid="presence"
        data-online={isOnline ? 'true' : 'false'}
        aria-label={label}
        role="img"
        sx={{
          '& .MuiBadge-badge': {
            width: 12,
            height: 12,
            borderRadius: '50%',
            border: 2,
            borderColor: 'background.paper',
            bgcolor: isOnline ? 'success.main' : 'grey.400',
          },
        }}
      >
        {children}
      </Badge>
    </Tooltip>
  );
}

/** The presence of one person as a short line: 'Online' or 'Last online 5m ago'. */
export function usePresenceLabel(userId: number | undefined): string | null {
  const presence = usePresence();
  const now = useClock();
  if (userId === undefined || presence === null) return null;
  return presenceLabel(presence.get(userId), new Date(now));
}
