import { NOTIFICATION_LEVELS, TEXT, type ConversationDetail, type NotificationLevel } from '@ichat/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useReportError } from '../../../lib/use-report-error';
import { useNotificationLevelMutation } from '../api/mutations';
import { ModalFrame } from './modal-frame';

interface NotificationLevelDialogProps {
  conversation: ConversationDetail;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * What the person hears of this conversation (issue 19): all messages, mentions only, or
 * nothing. A pick is saved at once; unread counts and the bell count whatever is picked.
 */
export function NotificationLevelDialog({ conversation, isOpen, onClose }: NotificationLevelDialogProps) {
  const setLevel = useNotificationLevelMutation();
  const report = useReportError();
  // The pick shows at once (the radio is controlled), until the saved level is in the cache.
  const [picked, setPicked] = useState<NotificationLevel | null>(null);
  const level = picked ?? conversation.notification_level;

  const handleChange = (next: NotificationLevel) => {
    setPicked(next);
    setLevel.mutate(
      { conversationId: conversation.id, level: next },
      {
        onSettled: () => setPicked(null),
        onError: (error) => report('UPDATE_CONVERSATION_MEMBER_ERROR', error),
      },
    );
  };

  return (
    <ModalFrame isOpen={isOpen} title={TEXT.notificationLevelTitle} onClose={onClose} maxWidth="xs">
      <RadioGroup
        aria-label={TEXT.notificationLevelTitle}
        value={level}
        onChange={(event) => handleChange(event.target.value as NotificationLevel)}
      >
        {NOTIFICATION_LEVELS.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio disabled={setLevel.isPending} />}
            sx={{ alignItems: 'flex-start', mb: 1.5, '& .MuiRadio-root': { pt: 0.25 } }}
            label={
              <>
                <Typography>{TEXT.notificationLevels[option]}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {TEXT.notificationLevelHelp[option]}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </ModalFrame>
  );
}
