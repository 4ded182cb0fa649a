import { activityLine, TEXT } from '@ichat/shared';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useActivityLogQuery } from '../api/queries';
import { UserAvatar } from '../conversation-avatar';
import { longDateTime } from '../lib/dates';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { EmptyText, ModalFrame, ModalLoading } from './modal-frame';

interface Props {
  conversationId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Activity Log: the conversation's actions, newest first (000 §8 activity lines). */
export function ActivityLogDialog({ conversationId, isOpen, onClose }: Props) {
  const actions = useActivityLogQuery(conversationId, isOpen);
  useQueryErrorReport('FETCH_ACTIVITY_LOGS_ERROR', actions.error, actions.errorUpdatedAt);
  const entries = actions.data ?? [];
  return (
    <ModalFrame isOpen={isOpen} title="Activity Log" onClose={onClose} maxWidth="sm">
      {actions.isPending ? (
        <ModalLoading label="Loading activity log" />
      ) : entries.length === 0 ? (
        <EmptyText>{TEXT.noActivityLogsFound}</EmptyText>
      ) : (
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
    </ModalFrame>
  );
}
