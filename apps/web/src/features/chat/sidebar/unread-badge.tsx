import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** A red unread count (toggle labels, inbox rows); nothing when nothing is unread. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <Badge color="error" badgeContent={count} max={99} sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }} />
      {/* MUI hides the badge's number from screen readers, and ARIA allows no aria-label on
          its plain span: the count is read from this text instead. */}
      <Box component="span" sx={visuallyHidden}>
        {count} unread
      </Box>
    </>
  );
}
