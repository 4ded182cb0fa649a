import { formatRelativeTime, TEXT, type SearchResult } from '@ichat/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo } from 'react';
import { ConversationAvatar } from '../conversation-avatar';
import { storeSelectedConversationId } from '../lib/storage';
import { useOpenAtMessage } from '../lib/use-open-at-message';
import { hitPreview, searchWords } from './search-lib';

interface GlobalSearchResultsProps {
  keyword: string;
  results: SearchResult[];
  isSearching: boolean;
  onBack: () => void;
}

/**
 * What replaces the conversation list while global search results show (000 §2): a back
 * arrow, then the hits best first. A click looks the message's position up and opens the
 * conversation there (with its thread for a thread reply), as a notification click does.
 */
export function GlobalSearchResults({ keyword, results, isSearching, onBack }: GlobalSearchResultsProps) {
  const { openingId, openAtMessage } = useOpenAtMessage('GLOBAL_SEARCH_RESULT_CLICK_ERROR');
  const words = useMemo(() => searchWords(keyword), [keyword]);

  const handleOpen = (hit: SearchResult) => {
    // One lookup at a time: a second click would race the first to the address bar.
    if (openingId !== null) return;
    void openAtMessage({
      openingId: hit.id,
      conversationId: hit.conversation_id,
      messageId: hit.id,
      // Remembered as a list click remembers it (000 §2). On a phone the route change alone
      // swaps the sidebar for the conversation pane.
      beforeOpen: () => storeSelectedConversationId(hit.conversation_id),
    });
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, pb: 0.5 }}>
        <Tooltip title="Back to conversations">
          <IconButton aria-label="Back to conversations" onClick={onBack}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography component="h2" variant="subtitle2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
          Results for “{keyword}” · newest first
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {isSearching ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Searching" />
          </Box>
        ) : results.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4, fontWeight: 500, letterSpacing: 0.5 }}>
            {TEXT.noChatsFound}
          </Typography>
        ) : (
          <List disablePadding aria-label="Search results">
            {results.map((hit) => (
              <SearchHitItem
                key={hit.id}
                hit={hit}
                words={words}
                isOpening={openingId === hit.id}
                onOpen={handleOpen}
              />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

interface SearchHitItemProps {
  hit: SearchResult;
  words: readonly string[];
  isOpening: boolean;
  onOpen: (hit: SearchResult) => void;
}

/** One hit: conversation image and name, 'Sender: content' with the words in bold, time, thread hint. */
function SearchHitItem({ hit, words, isOpening, onOpen }: SearchHitItemProps) {
  const { name, image, is_group: isGroup } = hit.conversation_detail;
  const isThreadReply = hit.reply_to_thread_message_id !== null;
  const preview = hitPreview(hit.user.first_name, hit.content, words);
  return (
    <ListItem disablePadding data-testid="global-search-result" data-message-id={hit.id}>
      <ListItemButton onClick={() => onOpen(hit)} aria-busy={isOpening} sx={{ py: 1 }}>
        <ListItemAvatar>
          <ConversationAvatar image={image} isGroup={isGroup} />
        </ListItemAvatar>
        <ListItemText
          primary={
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 500 }}>
                {name}
              </Box>
              {isThreadReply ? (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, flexShrink: 0, fontSize: 12, color: 'text.secondary' }}
                >
                  <ForumOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
                  in thread
                </Box>
              ) : null}
            </Box>
          }
          secondary={
            <>
              {preview.head}
              {/* Text nodes only: a message is never read as markup. */}
              {preview.parts.map((part, index) =>
                part.isMatch ? (
                  <Box component="strong" key={index} sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {part.text}
                  </Box>
                ) : (
                  <Fragment key={index}>{part.text}</Fragment>
                ),
              )}
              {` • ${formatRelativeTime(hit.createdAt)}`}
            </>
          }
          slotProps={{ secondary: { noWrap: true } }}
        />
        {isOpening ? <CircularProgress size={18} aria-label="Opening" sx={{ ml: 1, flexShrink: 0 }} /> : null}
      </ListItemButton>
    </ListItem>
  );
}
