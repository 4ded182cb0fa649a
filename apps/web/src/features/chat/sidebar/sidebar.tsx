import { CONVERSATION_PAGE_SIZE, type ConversationFilter } from '@ichat/shared';
import AddIcon from '@mui/icons-material/Add';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useUnreadCountQuery } from '../api/queries';
import { useQueryErrorReport } from '../../../lib/use-report-error';
import { CreateGroupDialog } from '../modals/create-group-dialog';
import { DirectMessageDialog } from '../modals/direct-message-dialog';
import { useGlobalSearch } from '../search/global-search';
import { GlobalSearchResults } from '../search/global-search-results';
import { ConversationList } from './conversation-list';
import { UnreadBadge } from './unread-badge';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SearchField } from '../../../lib/search-field';

interface SidebarProps {
  selectedId: number | null;
  isNarrow: boolean;
  /** The Personal/Group tab, held by the main screen (use-conversation-tab.ts). */
  filter: ConversationFilter;
  onFilterChange: (filter: ConversationFilter) => void;
}

/** How long typing pauses before the list filters by name. */
const NAME_FILTER_DEBOUNCE_MS = 200;

/**
 * Left side of the main screen (000 §2): inbox head, search box, Personal/Group toggle, list.
 * While global search results show, they take the list's place.
 */
export function Sidebar({ selectedId, isNarrow, filter, onFilterChange }: SidebarProps) {
  const [limit, setLimit] = useState(CONVERSATION_PAGE_SIZE);
  // A tab change, whoever made it, starts the list over at 10 (000 §9).
  const [limitFilter, setLimitFilter] = useState(filter);
  if (limitFilter !== filter) {
    setLimitFilter(filter);
    setLimit(CONVERSATION_PAGE_SIZE);
  }
  const [isDirectMessageOpen, setIsDirectMessageOpen] = useState(false);
  const [isCreateGroupOpen, setIsCreateGroupOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  // The list filters by name as one types; Enter searches the messages (issue 17).
  const nameFilter = useDebouncedValue(searchText, NAME_FILTER_DEBOUNCE_MS);
  const globalSearch = useGlobalSearch();
  const unread = useUnreadCountQuery();
  useQueryErrorReport('UPDATE_CONVERSATION_DATA_ERROR', unread.error, unread.errorUpdatedAt);

  const clearSearch = () => {
    globalSearch.clear();
    setSearchText('');
  };

  const handleFilter = (_event: unknown, value: ConversationFilter | null) => {
    if (!value || value === filter) return;
    // Choosing a list means wanting to see it: the results give way.
    if (globalSearch.isShowing) clearSearch();
    onFilterChange(value);
  };

  return (
    <Box
      component="aside"
      aria-label="Conversations"
      sx={{
        width: isNarrow ? '100%' : 360,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        bgcolor: 'background.paper',
        borderRight: isNarrow ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, pt: 1.5, pb: 1 }}>
        {/* The screen's h1 while no conversation is open; with one open, its name is. */}
        <Typography component={selectedId === null ? 'h1' : 'h2'} variant="h6" sx={{ flex: 1 }}>
          Inbox
        </Typography>
        <Tooltip title="Create group">
          <IconButton aria-label="Create group" onClick={() => setIsCreateGroupOpen(true)}>
            <GroupAddOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title="New message">
          <IconButton aria-label="New message" color="primary" onClick={() => setIsDirectMessageOpen(true)}>
            <AddIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ px: 2, pb: 1.5 }}>
        <SearchField
          accessibleName="Search conversations"
          // A textbox, as it has always been: the sidebar's filter as well as the search.
          inputType="text"
          placeholder="Search"
          value={searchText}
          onChange={setSearchText}
          onEnter={() => globalSearch.run(searchText)}
          helperText={searchText.trim() === '' || globalSearch.isShowing ? undefined : 'Press Enter to search messages'}
        />
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={filter}
          onChange={handleFilter}
          aria-label="Conversation type"
        >
          <ToggleButton value="personal" sx={{ gap: 1.5 }}>
            Personal
            <UnreadBadge count={unread.data?.personal ?? 0} />
          </ToggleButton>
          <ToggleButton value="group" sx={{ gap: 1.5 }}>
            Group
            <UnreadBadge count={unread.data?.group ?? 0} />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {globalSearch.isShowing ? (
        <GlobalSearchResults
          keyword={globalSearch.keyword}
          results={globalSearch.results}
          isSearching={globalSearch.isSearching}
          onBack={clearSearch}
        />
      ) : (
        <ConversationList filter={filter} nameFilter={nameFilter} limit={limit} onLimitChange={setLimit} selectedId={selectedId} />
      )}
      <DirectMessageDialog isOpen={isDirectMessageOpen} onClose={() => setIsDirectMessageOpen(false)} />
      <CreateGroupDialog isOpen={isCreateGroupOpen} onClose={() => setIsCreateGroupOpen(false)} />
    </Box>
  );
}
