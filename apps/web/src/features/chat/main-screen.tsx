import { TEXT } from '@ichat/shared';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate, useMatch } from 'react-router';
import { ChatPane } from './chat-pane/chat-pane';
import { useIsNarrow } from './lib/use-phone';
import { Sidebar } from './sidebar/sidebar';
import { useConversationTab } from './sidebar/use-conversation-tab';

/** The header's height (AppHeader's Toolbar): the screen fills the rest of the window. */
const HEADER_HEIGHT = { xs: 60, lg: 68 };

/**
 * The main screen (000 §2): the sidebar and the open conversation side by side; below the
 * mobile breakpoint they alternate (/ shows the list, /conversations/{id} the chat).
 */
export function MainScreen() {
  const match = useMatch('/conversations/:conversationId');
  const isNarrow = useIsNarrow();
  const rawId = match?.params.conversationId;
  const conversationId = rawId === undefined ? null : Number(rawId);
  const isValidId = conversationId === null || (Number.isInteger(conversationId) && conversationId > 0);
  const [filter, setFilter] = useConversationTab(isValidId ? conversationId : null);

  if (!isValidId) {
    return <Navigate to="/not-found" replace />;
  }

  const showSidebar = !isNarrow || conversationId === null;
  const showChat = !isNarrow || conversationId !== null;

  return (
    <Box
      sx={{
        display: 'flex',
        height: { xs: `calc(100dvh - ${HEADER_HEIGHT.xs}px)`, lg: `calc(100dvh - ${HEADER_HEIGHT.lg}px)` },
        minHeight: 0,
        overflow: 'hidden',
      }}
    >
      {showSidebar ? <Sidebar selectedId={conversationId} isNarrow={isNarrow} filter={filter} onFilterChange={setFilter} /> : null}
      {showChat ? (
        conversationId !== null ? (
          <ChatPane key={conversationId} conversationId={conversationId} />
        ) : (
          <NoConversation />
        )
      ) : null}
    </Box>
  );
}

function NoConversation() {
  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 3, textAlign: 'center', color: 'text.secondary' }}>
      <ForumOutlinedIcon sx={{ fontSize: 64, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ maxWidth: 420 }}>
        {TEXT.emptyChat}
      </Typography>
    </Box>
  );
}
