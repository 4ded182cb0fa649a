import { TEXT } from '@ichat/shared';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The chat screen arrives in a later issue; until then the main area says so plainly. */
export function HomePage() {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 3,
        py: 6,
        textAlign: 'center',
        color: 'text.secondary',
      }}
    >
      <ForumOutlinedIcon sx={{ fontSize: 64, color: 'primary.light' }} />
      <Typography variant="h6" component="p" sx={{ maxWidth: 420 }}>
        {TEXT.emptyChat}
      </Typography>
    </Box>
  );
}
