import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { typingText } from './chat-live-rules';

/** '<name> is typing…' under the message list; the row keeps its height so the list does not jump. */
export function TypingIndicator({ names }: { names: readonly string[] }) {
  const text = typingText(names);
  return (
    <Box sx={{ minHeight: 22, px: { xs: 2, sm: 3 }, display: 'flex', alignItems: 'center' }} aria-live="polite">
      {text ? (
        <Typography variant="caption" color="text.secondary" data-testid="typing-indicator" sx={{ fontStyle: 'italic' }} noWrap>
          {text}
        </Typography>
      ) : null}
    </Box>
  );
}
