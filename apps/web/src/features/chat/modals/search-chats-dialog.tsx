import type { searchResponseSchema } from '@ichat/shared';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState, type SubmitEvent } from 'react';
import { useSearchMessagesMutation } from '../api/mutations';
import { UserAvatar } from '../conversation-avatar';
import { longDateTime } from '../lib/dates';
import { messageGist } from '../lib/preview';
import { SearchField } from '../../../lib/search-field';
import { useReportError } from '../../../lib/use-report-error';
import { EmptyText, ModalFrame, type ConversationModalProps } from './modal-frame';

type SearchResult = ReturnType<typeof searchResponseSchema.parse>['result'][number];

interface Props extends ConversationModalProps {
  onPick: (result: SearchResult, keyword: string) => void;
}

/** Search Chat: messages of this conversation whose words start with the keyword's words; a hit opens at that message (or its thread). */
export function SearchChatsDialog({ conversationId, isOpen, onClose, onPick }: Props) {
  return (
    <ModalFrame isOpen={isOpen} title="Search Chat" onClose={onClose} maxWidth="sm">
      <SearchForm conversationId={conversationId} onPick={onPick} />
    </ModalFrame>
  );
}

function SearchForm({ conversationId, onPick }: Pick<Props, 'conversationId' | 'onPick'>) {
  const search = useSearchMessagesMutation();
  const report = useReportError();
  const [keyword, setKeyword] = useState('');
  const [searched, setSearched] = useState<{ keyword: string; results: SearchResult[] } | null>(null);

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    // Only a non-empty keyword is searched for (000 §5).
    if (!trimmed || search.isPending) return;
    search.mutate(
      { conversationId, keyword: trimmed },
      {
        onSuccess: ({ result }) => setSearched({ keyword: trimmed, results: result }),
        onError: (error) => report('SEARCH_MESSAGE_ERROR', error),
      },
    );
  };

  return (
    <>
      <Stack component="form" noValidate onSubmit={handleSubmit} direction="row" spacing={1} sx={{ mb: 1 }}>
        {/* Enter submits the form, so the field needs no Enter handler of its own. */}
        <SearchField label="Search messages" helperText="Press Enter or Search" value={keyword} onChange={setKeyword} autoFocus />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} loading={search.isPending}>
          Search
        </Button>
      </Stack>
      {searched ? (
        searched.results.length === 0 ? (
          <EmptyText>NO MESSAGES FOUND</EmptyText>
        ) : (
          <List aria-label="Search results" subheader={<Box component="li" sx={{ color: 'text.secondary', fontSize: 12, px: 2 }}>Newest first</Box>}>
            {searched.results.map((result) => (
              <ListItemButton key={result.id} onClick={() => onPick(result, searched.keyword)} data-testid="search-result">
                <ListItemAvatar>
                  <UserAvatar photo={result.user.profile_photo} />
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                      <span>{result.user.display_name}</span>
                      <Box component="span" sx={{ color: 'text.secondary', fontSize: 12, whiteSpace: 'nowrap' }}>
                        {longDateTime(result.createdAt)}
                      </Box>
                    </Box>
                  }
                  secondary={messageGist({ content: result.content, is_deleted: false })}
                  slotProps={{ secondary: { sx: { overflow: 'hidden', textOverflow: 'ellipsis', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' } } }}
                />
              </ListItemButton>
            ))}
          </List>
        )
      ) : null}
    </>
  );
}
