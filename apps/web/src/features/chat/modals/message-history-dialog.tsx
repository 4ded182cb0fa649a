import { TEXT } from '@ichat/shared';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useMessageVersionsQuery } from '../api/queries';
import { longDateTime } from '../lib/dates';
import { MessageText } from '../message-list/message-text';
import { QueryModal } from './modal-frame';

interface MessageHistoryDialogProps {
  conversationId: number;
  messageId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Every text an edited message had, oldest first, the current one last and marked (issue 19). */
export function MessageHistoryDialog({ conversationId, messageId, isOpen, onClose }: MessageHistoryDialogProps) {
  const query = useMessageVersionsQuery(conversationId, messageId, isOpen);
  return (
    <QueryModal
      isOpen={isOpen}
      title={TEXT.editHistoryTitle}
      onClose={onClose}
      maxWidth="sm"
      query={query}
      errorKey="SET_CONVERSATION_DATA_ERROR"
      loadingLabel="Loading edit history"
      emptyText={TEXT.noContent}
    >
      {(versions) => (
        <List dense aria-label={TEXT.editHistoryTitle}>
          {versions.map((version, index) => {
            const isCurrent = index === versions.length - 1;
            return (
              <ListItem key={`${version.written_at}-${index}`} disableGutters divider={!isCurrent} data-testid="message-version">
                <ListItemText
                  primary={<MessageText content={version.content} />}
                  secondary={
                    <>
                      {longDateTime(version.written_at)}
                      {isCurrent ? <Chip component="span" size="small" label={TEXT.editCurrentVersion} sx={{ ml: 1, height: 18 }} /> : null}
                    </>
                  }
                  slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </QueryModal>
  );
}
