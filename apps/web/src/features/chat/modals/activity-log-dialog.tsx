import { activityLine, TEXT } from '@ichat/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useActivityLogQuery } from '../api/queries';
import { UserAvatar } from '../conversation-avatar';
import { longDateTime } from '../lib/dates';
import { QueryModal, type ConversationModalProps } from './modal-frame';

/** Activity Log: the conversation's actions, newest first (000 §8 activity lines). */
export function ActivityLogDialog({ conversationId, isOpen, onClose }: ConversationModalProps) {
  const query = useActivityLogQuery(conversationId, isOpen);
  return (
    <QueryModal
      isOpen={isOpen}
      title="Activity Log"
      onClose={onClose}
      maxWidth="sm"
      query={query}
      errorKey="FETCH_ACTIVITY_LOGS_ERROR"
      loadingLabel="Loading activity log"
      emptyText={TEXT.noActivityLogsFound}
    >
      {(entries) => (
        <List dense aria-label="Activity log">
          {entries.map((entry) => (
            <ListItem key={entry.id} disableGutters>
              <ListItemAvatar>
                <UserAvatar photo={entry.user.profile_photo} />
              </ListItemAvatar>
              <ListItemText
                primary={activityLine(
                  entry.action,
                  entry.user.display_name,
                  entry.receiving_user_action?.display_name ?? null,
                  entry.detail,
                )}
                secondary={longDateTime(entry.createdAt)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </QueryModal>
  );
}
