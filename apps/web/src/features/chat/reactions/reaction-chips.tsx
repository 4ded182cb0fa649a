import type { MessageReaction, ReactionType } from '@ichat/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { groupReactions } from './reaction-lib';
import { REACTION_IMAGES } from './reaction-images';

interface ReactionChipsProps {
  reactions: readonly MessageReaction[];
  viewerId: number | undefined;
  /** Adds the viewer's reaction of this type, or takes it back. */
  onToggle: (type: ReactionType) => void;
  /** Own messages line up on the right, like their bubble. */
  align?: 'start' | 'end';
}

/** One chip per reaction type on a message (000 §3: grouped by type): image, count, who. */
export function ReactionChips({ reactions, viewerId, onToggle, align = 'start' }: ReactionChipsProps) {
  const groups = groupReactions(reactions, viewerId);
  if (groups.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label="Reactions"
      data-testid="reaction-chips"
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: align === 'end' ? 'flex-end' : 'flex-start', gap: 0.5, mt: 0.5 }}
    >
      {groups.map(({ type, count, names, isMine }) => {
        const { src, label } = REACTION_IMAGES[type];
        const who = names.join(', ');
        return (
          <Tooltip key={type} title={`${label}: ${who}`}>
            <Chip
              size="small"
              variant="outlined"
              clickable
              onClick={() => onToggle(type)}
              // Begins with the count the chip shows, so its name holds its visible text.
              aria-label={`${count} ${label}: ${who}`}
              aria-pressed={isMine}
              icon={<Box component="img" src={src} alt="" sx={{ width: 16, height: 16 }} />}
              label={count}
              sx={{
                height: 24,
                fontWeight: 600,
                bgcolor: (theme) => (isMine ? alpha(theme.palette.primary.main, 0.1) : theme.palette.background.paper),
                borderColor: isMine ? 'primary.main' : 'divider',
                color: isMine ? 'primary.main' : 'text.secondary',
                '& .MuiChip-icon': { ml: 0.75, mr: -0.25 },
                '& .MuiChip-label': { px: 0.75 },
              }}
            />
          </Tooltip>
        );
      })}
    </Box>
  );
}
