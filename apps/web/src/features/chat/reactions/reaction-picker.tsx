import { REACTION_TYPES, TEXT, type Message, type ReactionType } from '@ichat/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ModalFrame } from '../modals/modal-frame';
import { REACTION_IMAGES } from './reaction-images';
import { reactedTypes } from './reaction-lib';

interface ReactionPickerProps {
  isOpen: boolean;
  /** The viewer's reactions already on the message: picking one of them takes it back. */
  chosenTypes: ReadonlySet<ReactionType>;
  onPick: (type: ReactionType) => void;
  onClose: () => void;
}

/**
 * The 'Select Your Reaction' modal (000 §2): the six reactions, the viewer's own marked.
 * Picking one hands it to `onPick` (which toggles it) and closes.
 */
export function ReactionPicker({ isOpen, chosenTypes, onPick, onClose }: ReactionPickerProps) {
  return (
    <ModalFrame isOpen={isOpen} title={TEXT.selectYourReaction} onClose={onClose} maxWidth="xs">
      <Box
        role="group"
        aria-label="Reactions"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1 }}
      >
        {REACTION_TYPES.map((type) => {
          const { src, label } = REACTION_IMAGES[type];
          const isChosen = chosenTypes.has(type);
          return (
            <ButtonBase
              key={type}
              aria-label={`React with ${label}`}
              aria-pressed={isChosen}
              onClick={() => {
                onPick(type);
                onClose();
              }}
              sx={{
                flexDirection: 'column',
                gap: 0.5,
                py: 1,
                borderRadius: 2,
                border: 1,
                borderColor: isChosen ? 'primary.main' : 'transparent',
                bgcolor: (theme) => (isChosen ? alpha(theme.palette.primary.main, 0.08) : 'transparent'),
                '& img': { transition: 'transform 120ms' },
                '&:hover': { bgcolor: 'action.hover' },
                '&:hover img, &.Mui-focusVisible img': { transform: 'scale(1.15)' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
              }}
            >
              <Box component="img" src={src} alt="" sx={{ width: 40, height: 40, display: 'block' }} />
              <Typography variant="caption" color={isChosen ? 'primary' : 'text.secondary'} sx={{ fontWeight: 500 }}>
                {label}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
    </ModalFrame>
  );
}

interface MessageReactionPickerProps {
  /** The message reacted to; none keeps the picker closed. */
  message: Message | undefined;
  viewerId: number | undefined;
  onToggle: (message: Message, type: ReactionType) => void;
  onClose: () => void;
}

/** The picker for one message of a list (the main list or a thread). */
export function MessageReactionPicker({ message, viewerId, onToggle, onClose }: MessageReactionPickerProps) {
  return (
    <ReactionPicker
      isOpen={message !== undefined}
      chosenTypes={reactedTypes(message?.message_reactions ?? [], viewerId)}
      onPick={(type) => {
        if (message) onToggle(message, type);
      }}
      onClose={onClose}
    />
  );
}
